import { EmailSignUpRequestSchema, messages } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { emptySignUpValues, signUpStepErrors, validateSignIn } from './schemas';

const context = { withProvider: false, positions: ['CEO'], howFoundOptions: [] };
const account = {
  ...emptySignUpValues,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse battery staple',
};

describe('the auth forms validate with the contracts (zod/mini)', () => {
  it("give the spec's messages for the rules that carry one", () => {
    expect(validateSignIn({ email: 'not an address', password: '' })).toEqual({
      email: messages.email,
      password: messages.password,
    });
    expect(signUpStepErrors(1, { ...account, first_name: 'A' }, context)).toEqual({
      first_name: messages.firstName,
    });
  });

  it('say what the server answers for a name too long', () => {
    const longName = `Ada${'a'.repeat(100)}`;
    const errors = signUpStepErrors(1, { ...account, last_name: longName }, context);
    const server = EmailSignUpRequestSchema.safeParse({
      ...account,
      last_name: longName,
      company_name: 'Acme',
      company_position: 'CEO',
    });
    expect(server.success).toBe(false);
    expect(errors).toEqual({ last_name: server.error?.issues[0]?.message });
    expect(errors.last_name).toBe('At most 100 characters');
  });

  it('accept a valid first step', () => {
    expect(signUpStepErrors(1, account, context)).toEqual({});
  });
});
