import pg from 'pg';

/**
 * What may be said of a database error: its SQLSTATE and the names of what it concerns. Never its
 * message, `detail`, `where` or the query's parameters: those quote the values (an e-mail, a
 * password hash, a token), and drizzle's DrizzleQueryError puts the parameters in its message.
 */
export type DatabaseErrorFacts = {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  routine?: string;
};

/** The PostgreSQL error in an error's cause chain (drizzle wraps it), or null. */
export function databaseErrorOf(error: unknown): pg.DatabaseError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof pg.DatabaseError) return current;
    current = current.cause;
  }
  return null;
}

export function databaseErrorFacts(error: pg.DatabaseError): DatabaseErrorFacts {
  const facts: DatabaseErrorFacts = { code: error.code ?? 'unknown' };
  if (error.constraint) facts.constraint = error.constraint;
  if (error.table) facts.table = error.table;
  if (error.column) facts.column = error.column;
  if (error.schema) facts.schema = error.schema;
  if (error.routine) facts.routine = error.routine;
  return facts;
}

export type ClientCausedDatabaseError = { status: 422; msg: string } | { status: 409; message: string };

/**
 * Database errors a request's values cause: the answer a client gets instead of a 500. This is a
 * safety net; validation should have refused the value first, so each one is logged as a warning.
 * Class 22 is a value the column cannot take; 23 a rule between rows; 54 a value too large for
 * an index. Everything else (connections, deadlocks, timeouts) stays the server's problem.
 */
export function clientCausedDatabaseError(error: pg.DatabaseError): ClientCausedDatabaseError | null {
  const code = error.code ?? '';
  switch (code) {
    case '22021': // character_not_in_repertoire (U+0000 in text)
    case '22P05': // untranslatable_character
      return { status: 422, msg: 'Contains a character that cannot be stored' };
    case '22001': // string_data_right_truncation
    case '54000': // program_limit_exceeded (an index row too large)
      return { status: 422, msg: 'Too long to be stored' };
    case '22003': // numeric_value_out_of_range
      return { status: 422, msg: 'Number out of range' };
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return { status: 422, msg: 'Not a date and time that can be stored' };
    case '23505': // unique_violation
    case '23503': // foreign_key_violation
    case '23P01': // exclusion_violation
      return { status: 409, message: 'The request conflicts with what is stored' };
    case '23502': // not_null_violation
    case '23514': // check_violation
      return { status: 422, msg: 'A value is missing or not allowed' };
    default:
      return code.startsWith('22') ? { status: 422, msg: 'Not a valid value' } : null;
  }
}
