/** Environment overrides of the composition root: honoured in development and under test, checked, else ignored. */
import { describe, expect, it } from 'vitest';
import { readEnvConfig } from './env-config.js';

const E2E_ENV = {
  VERSO_USER_DATA: '/tmp/verso-e2e-x/verso',
  VERSO_HOSTED_PRO_URL: 'http://127.0.0.1:41001/',
  VERSO_HOSTED_FREE_URL: 'http://127.0.0.1:41002',
  VERSO_LOCAL_ENGINES: 'pseudo',
  VERSO_LOCAL_FAULTS: '1',
};

describe('readEnvConfig', () => {
  it('honours what the electron e2e project sets when the app is not packaged', () => {
    const c = readEnvConfig(E2E_ENV, false);
    expect(c).toMatchObject({
      userDataDir: '/tmp/verso-e2e-x/verso',
      hosted: { pro: 'http://127.0.0.1:41001', free: 'http://127.0.0.1:41002' },
      localEngines: ['pseudo'],
      localFaults: true,
    });
    expect(c.warnings).toEqual([]);
  });

  it('a packaged app ignores the overrides (and says so) unless it runs under test', () => {
    const packaged = readEnvConfig(E2E_ENV, true);
    expect(packaged.hosted).toEqual({});
    expect(packaged.userDataDir).toBeUndefined();
    expect(packaged.localFaults).toBe(false);
    expect(packaged.warnings.join(' ')).toMatch(/VERSO_HOSTED_PRO_URL.*VERSO_TEST=1/);
    const underTest = readEnvConfig({ ...E2E_ENV, VERSO_TEST: '1' }, true);
    expect(underTest.hosted.pro).toBe('http://127.0.0.1:41001');
    expect(underTest.localFaults).toBe(true);
  });

  it('refuses malformed values with a message saying what to write, keeping the defaults', () => {
    const c = readEnvConfig(
      {
        VERSO_USER_DATA: 'relative/dir',
        VERSO_HOSTED_PRO_URL: 'ftp://x',
        VERSO_LOCAL_ENGINES: 'apertium; rm -rf',
        VERSO_LOCAL_FAULTS: 'maybe',
      },
      false,
    );
    expect(c.userDataDir).toBeUndefined();
    expect(c.hosted).toEqual({});
    expect(c.localEngines).toBeUndefined();
    expect(c.localFaults).toBe(false);
    expect(c.warnings).toHaveLength(4);
    expect(c.warnings.join('\n')).toMatch(/absolute folder path[\s\S]*http:\/\/[\s\S]*apertium,pseudo[\s\S]*use 1/);
  });
});
