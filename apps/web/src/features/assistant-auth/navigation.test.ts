import { describe, expect, it } from 'vitest';
import { assistantCallbackUrl, datasetSelectUrl, isHttpUrl, readAssistantParams } from './navigation';

describe('assistant authorization query', () => {
  it('is complete with mcp_auth_token and an http(s) next', () => {
    expect(
      readAssistantParams(new URLSearchParams('mcp_auth_token=t&next=https://a.example/cb')).complete,
    ).toBe(true);
    expect(readAssistantParams(new URLSearchParams('mcp_auth_token=t')).complete).toBe(false);
    expect(readAssistantParams(new URLSearchParams('next=https://a.example/cb')).complete).toBe(false);
    expect(
      readAssistantParams(new URLSearchParams('mcp_auth_token=t&next=javascript:alert(1)')).complete,
    ).toBe(false);
  });

  it('only follows absolute http(s) addresses', () => {
    expect(isHttpUrl('http://localhost:3000/callback')).toBe(true);
    expect(isHttpUrl('/relative')).toBe(false);
    expect(isHttpUrl('data:text/html,x')).toBe(false);
  });

  it('carries the flow to dataset-select', () => {
    const params = readAssistantParams(new URLSearchParams('mcp_auth_token=t&next=https://a.example/cb'));
    expect(datasetSelectUrl(params, 'o1')).toBe(
      '/dataset-select?mcp_auth_token=t&next=https%3A%2F%2Fa.example%2Fcb&org_id=o1',
    );
  });

  it('adds the four parameters to next, keeping its own query, and leaves org_id out when absent', () => {
    expect(
      assistantCallbackUrl('https://a.example/cb?state=x', {
        mcpAuthToken: 't',
        userId: 'u',
        orgId: 'o',
        datasetId: 'd',
      }),
    ).toBe('https://a.example/cb?state=x&mcp_auth_token=t&user_id=u&org_id=o&dataset_id=d');
    expect(
      assistantCallbackUrl('https://a.example/cb', {
        mcpAuthToken: 't',
        userId: 'u',
        orgId: null,
        datasetId: 'd',
      }),
    ).toBe('https://a.example/cb?mcp_auth_token=t&user_id=u&dataset_id=d');
  });
});
