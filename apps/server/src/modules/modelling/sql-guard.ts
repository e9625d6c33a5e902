/**
 * The first of read-only SQL's defences (decision 574; the MCP SQL tool and the shared-dataset endpoint): one SELECT (or WITH ... SELECT) statement
 * that names no file, no other database and no setting. The warehouse then runs it in a READ ONLY
 * transaction, as a prepared statement that must be a SELECT, on a DuckDB instance whose external
 * access is off and whose configuration is locked; and each organization's warehouse is its own
 * file, so no name reaches another organization's rows.
 */
export type SqlVerdict = { ok: true; sql: string } | { ok: false; reason: string };

/** Statements and clauses that write, reach outside the database, or change the session. */
const FORBIDDEN_WORDS = [
  'attach',
  'detach',
  'copy',
  'export',
  'import',
  'install',
  'load',
  'pragma',
  'set',
  'reset',
  'call',
  'create',
  'insert',
  'update',
  'delete',
  'drop',
  'alter',
  'truncate',
  'merge',
  'checkpoint',
  'vacuum',
  'use',
  'grant',
  'revoke',
  'begin',
  'commit',
  'rollback',
];

/** Table and scalar functions that read files, URLs, the environment or other databases (DuckDB's, and PostgreSQL's on a destination). */
const FORBIDDEN_FUNCTIONS =
  /\b(read_\w+|\w+_scan|parquet_\w+|glob|sniff_csv|getenv|query|query_table|sqlite_\w+|postgres_\w+|mysql_\w+|iceberg_\w+|delta_\w+|duckdb_\w+|pragma_\w+|which_secret|load_aws_credentials|pg_read_\w+|pg_ls_\w+|pg_stat_file|lo_\w+|dblink\w*)\s*\(/i;

/** Strings and comments blanked (kept the same length), so that words inside them are not read as SQL. */
function blankLiterals(sql: string): { code: string; strings: string[]; names: string[] } {
  const strings: string[] = [];
  const names: string[] = [];
  let code = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql.charAt(i);
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      code += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      code += ' '.repeat(stop - i);
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      const body = sql.slice(i + 1, j);
      if (c === "'") {
        strings.push(body);
        code += `'${' '.repeat(Math.max(0, j - i - 1))}'`;
      } else {
        names.push(body);
        // A quoted identifier is still a name: keep it, lower-cased, without the quotes.
        code += ` ${body.toLowerCase().replace(/[^a-z0-9_.]/g, '_')} `.padEnd(j - i + 1, ' ');
      }
      i = j + 1;
    } else {
      code += c;
      i += 1;
    }
  }
  return { code, strings, names };
}

const FILE_LIKE =
  /([a-z0-9]+:\/\/)|(^(~|\.\.?\/|\/(etc|proc|home|root|tmp|var|usr|dev)\b))|(\.(csv|tsv|parquet|json|jsonl|ndjson|xlsx|db|duckdb|sqlite|txt|gz|zst)$)/i;
const UUID_LIKE = /[0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12}/i;

export function checkReadOnlySql(raw: string): SqlVerdict {
  const sql = raw.trim().replace(/;\s*$/, '');
  if (sql === '') return { ok: false, reason: 'the query is empty' };
  const { code, strings, names } = blankLiterals(sql);
  if (code.includes(';')) return { ok: false, reason: 'one statement at a time' };
  const words = code.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? [];
  if (words[0] !== 'select' && words[0] !== 'with')
    return { ok: false, reason: 'only a SELECT (or WITH ... SELECT) statement is allowed' };
  const forbidden = words.find((word) => FORBIDDEN_WORDS.includes(word));
  if (forbidden !== undefined) return { ok: false, reason: `${forbidden.toUpperCase()} is not allowed` };
  const fn = FORBIDDEN_FUNCTIONS.exec(code);
  if (fn !== null) return { ok: false, reason: `${fn[1]}() is not allowed: it reads outside the dataset` };
  if (/\b(from|join)\s*'/i.test(code))
    return { ok: false, reason: 'reading a file by its name is not allowed' };
  // DuckDB reads `FROM "data.csv"` as a file too.
  if (names.some((name) => /[./\\:]/.test(name)))
    return {
      ok: false,
      reason: 'a quoted name with a dot, a slash or a colon is not allowed: it can name a file',
    };
  if (strings.some((s) => FILE_LIKE.test(s.trim())))
    return { ok: false, reason: 'file paths and URLs are not allowed in a query' };
  if (UUID_LIKE.test(code) || /\bprj_/i.test(code))
    return { ok: false, reason: "another organization's data is not reachable from this dataset" };
  if (/\b(information_schema|pg_catalog|system|temp)\s*\./i.test(code))
    return { ok: false, reason: 'only the dataset’s own schemas can be queried' };
  return { ok: true, sql };
}
