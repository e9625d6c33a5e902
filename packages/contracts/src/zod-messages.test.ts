import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { loadZodMessages } from './zod-messages';

// A rule without a message of its own (a request id's length, say).
const requestId = z.string().check(z.maxLength(3));

describe('loadZodMessages', () => {
  it("gives zod/mini's rules zod's English messages, which it lacks on its own", () => {
    expect(requestId.safeParse('abcd').error?.issues[0]?.message).toBe('Invalid input');
    loadZodMessages();
    expect(requestId.safeParse('abcd').error?.issues[0]?.message).toBe(
      'Too big: expected string to have <=3 characters',
    );
  });
});
