import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../web/lib/user-agent.js';

describe('describing a session’s device', () => {
  it('names the browser and system people recognise, not the engines it claims to be', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51')).toEqual({
      browser: 'Edge 131',
      system: 'Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toEqual({
      browser: 'Safari 17',
      system: 'macOS',
    });
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toEqual({
      browser: 'Chrome 130',
      system: 'Android',
    });
    expect(describeUserAgent('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ browser: 'Firefox 128', system: 'Linux' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
