import { z } from 'zod/mini';
import { reportLimits } from './common';

// ---- Generate bookmark (spec 002 §2 AI Builder, §7 Generate bookmark, §8 Generate) ----------

export const GenerateBookmarkErrorType = {
  /** The prompt asks for nothing the report can show (rephrase it: spec 002 §8). */
  invalidPrompt: 'invalid_prompt',
  /** The language model did not answer (unreachable, an HTTP error, a timeout). */
  generatorUnavailable: 'generator_unavailable',
} as const;
export type GenerateBookmarkErrorType =
  (typeof GenerateBookmarkErrorType)[keyof typeof GenerateBookmarkErrorType];

export const generateBookmarkLimits = {
  /** A prompt's length in characters, once trimmed. */
  promptMaxLength: 1_000,
  /** A generated bookmark's name. */
  nameMaxLength: 100,
} as const;

/** POST /reports/{slug}/generate-bookmark. */
export const GenerateBookmarkRequestSchema = z.object({
  organization_id: z.uuid(),
  prompt: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a prompt'),
      z.maxLength(generateBookmarkLimits.promptMaxLength, 'The prompt is too long'),
    ),
});
export type GenerateBookmarkRequest = z.infer<typeof GenerateBookmarkRequestSchema>;

/** A bookmark not saved yet: applying its state shows the view the prompt asked for. */
export const GeneratedBookmarkSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(generateBookmarkLimits.nameMaxLength)),
  /** The encoded report state (`encodeReportState`). */
  state: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(reportLimits.maxEncodedStateLength),
      z.regex(/^[A-Za-z0-9_-]+$/, 'not an encoded report state'),
    ),
});
export type GeneratedBookmark = z.infer<typeof GeneratedBookmarkSchema>;

/**
 * spec 002 §7: success, bookmark, text_response. `text_response` is the bot's reply: what the
 * bookmark shows, or (success false, no bookmark) why the request leaves the view as it is.
 */
export const GenerateBookmarkResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    bookmark: GeneratedBookmarkSchema,
    text_response: z.string().check(z.minLength(1)),
  }),
  z.object({
    success: z.literal(false),
    bookmark: z.null(),
    text_response: z.string().check(z.minLength(1)),
  }),
]);
export type GenerateBookmarkResponse = z.infer<typeof GenerateBookmarkResponseSchema>;
