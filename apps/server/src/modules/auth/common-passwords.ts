/**
 * Passwords refused whatever their length: the most common ones in public breach corpora,
 * lower-cased. Small on purpose; length and this list are the policy (docs/decisions.md).
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789
1234567890 0123456789 12341234 11111111 00000000 88888888 87654321 11223344 12121212 123123123 qwertyui
qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx zaq1zaq1 asdfghjk asdfasdf asdf1234
abcd1234 abc12345 abcdefgh iloveyou iloveyou1 sunshine princess football baseball basketball superman
batman123 trustno1 letmein1 welcome1 welcome123 whatever dragon123 monkey123 starwars computer internet
michelle jennifer jordan23 liverpool chelsea1 arsenal1 mustang1 shadow12 master12 master123 freedom1
charlie1 admin123 administrator changeme changeme1 default1 secret12 secret123 test1234 testtest
login123 hello123 1234abcd qwer1234 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026
spring2025 autumn2025 maya1234 mayamaya marketing marketing1 analytics analytics1 company1 letmein123`
    .split(/\s+/)
    .filter(Boolean),
);
