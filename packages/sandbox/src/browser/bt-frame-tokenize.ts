import type { FieldError, Token } from '@basis-theory/web-elements';
import type { BtTokenizeResult, BtTokenPayload } from './bt-elements-messages.js';
import type * as parent from './bt-frame-parent.js';
import type * as rendering from './bt-frame-render.js';
import type { BtFrame, FrameConfig, ValueAnswer } from './bt-frame-state.js';
import type * as body from './bt-frame-token-body.js';
import type * as values from './bt-frame-values.js';

// A part of the element frame's script (`./bt-element-frame.ts`, served beside it): tokenizing.

declare const post: typeof parent.post;
declare const render: typeof rendering.render;
declare const placeholders: typeof body.placeholders;
declare const resolveReferences: typeof body.resolveReferences;
declare const camel: typeof body.camel;
declare const collect: typeof values.collect;

/**
 * Tokenizes `payload` for the page: this frame gathers the values of the elements in it (its own and its siblings'),
 * checks them, and posts the body to the vault. Only the vault's masked token (without its CVC) goes back to the
 * page, or the errors, the vault's error, or why it could not (`misplaced`, `unmounted`, `network`).
 */
export function tokenize(frame: BtFrame, requestId: string, payload: BtTokenPayload, own: FrameConfig, channel: BroadcastChannel): void {
  function answer(result: BtTokenizeResult): void {
    post(frame, Object.assign(result, { type: 'bt-emulation:result' as const, requestId }));
  }
  // Element values go under `data` only, where the vault masks them: anywhere else (`metadata`) the vault's
  // answer would carry them back to the page.
  const outside: Record<string, unknown> = {};
  for (const key in payload) if (key !== 'data') outside[key] = payload[key];
  if (placeholders(outside, []).length > 0 || payload.type !== 'card') {
    answer({ error: 'misplaced' });
    return;
  }
  const ids = placeholders(payload.data, []);
  collect(frame, requestId, ids, own, channel)
    .then((got) => {
      let errors: FieldError[] = [];
      ids.forEach((id) => {
        errors = errors.concat((got[id] as ValueAnswer).errors);
      });
      if (errors.length) {
        if (got[own.elementId]) render(frame, true);
        answer({ validation: errors });
        return null;
      }
      return fetch(frame.vaultUrl, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', 'BT-API-KEY': own.apiKey },
        body: JSON.stringify(resolveReferences(payload, got)),
      }).then((response) =>
        response.text().then((text) => {
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          if (!response.ok) {
            answer({ apiError: { status: response.status, data: body } });
            return;
          }
          // The vault's answer, camel-cased as web-elements answers it.
          const token = camel(body, false) as Token | null;
          const data: unknown = token && token.data;
          if (data && typeof data === 'object') delete (data as Record<string, unknown>).cvc;
          answer({ token });
        }),
      );
    })
    .catch((error: unknown) => {
      const reason = error as { message?: unknown } | null | undefined;
      answer({ error: reason && reason.message === 'unmounted' ? 'unmounted' : 'network' });
    });
}
