import { describe, expect, it } from 'vitest';
import { btElementPageCsp, btElementPages } from '../src/emulations/bt-elements-pages.js';
import type { SandboxServer } from '../src/index.js';
import { useHttpSandbox } from './use-sandbox.js';

// The emulation of Basis Theory Elements' CDN over HTTP: the client script the loader injects, and the hosted element
// pages (each under its own CSP, no inline script), for any version of a version's shape.
let server: SandboxServer;
useHttpSandbox({ port: 0 }, (started) => ({ server } = started));

const get = (path: string): Promise<Response> => fetch(`${server.url}${path}`);

describe('the Basis Theory Elements emulation routes', () => {
  it('serves the client script as JavaScript for the loader’s version and any other of a safe shape, without a key', async () => {
    for (const version of ['2.17.0', '2.18.0-beta.1']) {
      const answer = await get(`/web-elements/${version}/client/index.js`);
      expect(answer.status, version).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await answer.text()).toContain('window.BasisTheoryElements = elements');
    }
  });

  it('serves each element page as HTML under a strict CSP, with no inline script or style, and its script and style sheet', async () => {
    for (const page of Object.values(btElementPages)) {
      const answer = await get(`/web-elements/2.17.0/hosted-elements/${page.file}`);
      expect(answer.status, page.file).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy')).toBe(btElementPageCsp);
      expect(btElementPageCsp).toMatch(/script-src 'self';/);
      const html = await answer.text();
      expect(html).toContain('<script src="element.js" defer></script>');
      expect(html).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/);
      for (const input of page.inputs) expect(html).toContain(`autocomplete="${input.autocomplete}"`);
    }
    const script = await get('/web-elements/2.17.0/hosted-elements/element.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const css = await get('/web-elements/2.17.0/hosted-elements/element.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for an unknown page or a version of another shape', async () => {
    for (const path of ['/web-elements/2.17.0/hosted-elements/copy-button.html', '/web-elements/2.17.0/hosted-elements/', '/web-elements/%3Cx%3E/client/index.js', '/web-elements/2.17.0/client/other.js']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      await answer.body?.cancel();
    }
  });
});
