import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';

describe('the AI Builder’s language model configuration', () => {
  it('is off without LLM_BASE_URL: the built-in parser answers', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(loadConfig({ LLM_API_KEY: 'sk-test', LLM_MODEL: 'x' }).llm).toBeNull();
  });

  it('reads the base URL (no trailing slash), the optional key and the model', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://api.example.com/v1/' }).llm).toEqual({
      baseUrl: 'https://api.example.com/v1',
      apiKey: null,
      model: 'gpt-4o-mini',
    });
    expect(
      loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_API_KEY: 'sk-test', LLM_MODEL: 'llama3.1' })
        .llm,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-test', model: 'llama3.1' });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://models.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL="not a url"/);
    expect(() => loadConfig({ LLM_BASE_URL: 'https://x.example.com', LLM_API_KEY: '' })).toThrow(
      /LLM_API_KEY/,
    );
  });
});
