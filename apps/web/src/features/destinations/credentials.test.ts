import type { Destination, DestinationField } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { areValid, credentialsFormSchema, initialValues, keyFileCredentials } from './credentials';

const field = (name: string, pattern: string, byDefault: string | null = null): DestinationField => ({
  name,
  label: name,
  pattern,
  help: `help of ${name}`,
  default: byDefault,
  secret: false,
  options: null,
});

const form: Pick<Destination, 'form'> = {
  form: [field('type', '^service_account$'), field('project_id', '^[a-z][a-z0-9-]{4,28}[a-z0-9]$')],
};

describe('destination credentials', () => {
  it('starts from the defaults and is valid only when every field matches its pattern', () => {
    const withPort = { form: [field('host', '^[a-z.]+$'), field('port', '^[0-9]+$', '5432')] };
    expect(initialValues(withPort)).toEqual({ host: '', port: '5432' });
    expect(areValid(withPort, { host: '', port: '5432' })).toBe(false);
    expect(areValid(withPort, { host: 'db.example.com', port: '5432' })).toBe(true);
    expect(areValid(withPort, { host: 'db.example.com', port: 'x' })).toBe(false);
  });

  it("checks the form with the same rule: a field off its pattern says 'Match the following format'", () => {
    const schema = credentialsFormSchema([field('host', '^[a-z.]+$'), field('port', '^[0-9]+$', '5432')]);
    const result = schema.safeParse({ host: 'db.example.com', port: '54a' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['port'], 'Match the following format'],
    ]);
    expect(schema.safeParse({ host: 'db.example.com', port: '5432' }).success).toBe(true);
  });

  it('reads the form fields of a key file and drops the rest', () => {
    const file = JSON.stringify({ type: 'service_account', project_id: 'my-project', client_id: '42' });
    expect(keyFileCredentials(form, file)).toEqual({ type: 'service_account', project_id: 'my-project' });
  });

  it.each([
    ['not json', 'not json'],
    ['an array', '[]'],
    ['a missing field', JSON.stringify({ type: 'service_account' })],
    ['a field that does not match', JSON.stringify({ type: 'user', project_id: 'my-project' })],
    ['a field that is not text', JSON.stringify({ type: 'service_account', project_id: 12345678 })],
  ])('refuses %s', (_label, text) => {
    expect(keyFileCredentials(form, text)).toBeNull();
  });
});
