export const TEMPLATE_DATABASE = 'maya_template';
export const TEST_SECRET_KEY = 'test-secret-key-that-is-at-least-32-characters-long';
