import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Makes a user staff (`users.is_staff`), which no API does: staff is granted in the database.
 * Connects to the app's embedded PostgreSQL as its owner, with the password the app derives from
 * the secret key in DATA_DIR (development mode) and the port its postmaster.pid names. The user
 * signs in again afterwards: the access token carries the flag.
 */
export async function makeStaff(dataDir: string, email: string): Promise<void> {
  const key = (await readFile(path.join(dataDir, 'secret-key'), 'utf8').catch(() => null))?.trim();
  if (!key)
    throw new Error('makeStaff needs the development secret key in DATA_DIR (not E2E_NODE_ENV=production)');
  const password = createHmac('sha256', key).update('embedded-postgres-owner').digest('base64url');
  // postmaster.pid: pid, data directory, start time, port, ...
  const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'))
    .split('\n')[3]
    ?.trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'maya_owner',
    password,
    database: 'maya',
  });
  await client.connect();
  try {
    const updated = await client.query('UPDATE users SET is_staff = true WHERE email = $1', [
      email.toLowerCase(),
    ]);
    if (updated.rowCount !== 1) throw new Error(`makeStaff: no user ${email}`);
  } finally {
    await client.end();
  }
}
