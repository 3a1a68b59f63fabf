import { describe, expect, it } from 'vitest';
import { urlParts } from './cdp-params-reader.ts';
import { CDP_COMMAND_METHODS, classifyCdpCommand } from './cdp-command.ts';

const NONE: ReadonlySet<string> = new Set();
const SECRET = 'Hunter2-S3cret!pw';

function classify(
  message: unknown,
  excluded: ReadonlySet<string> = NONE,
): ReturnType<typeof classifyCdpCommand> {
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  return classifyCdpCommand(text, 'conn-1', excluded);
}

/** The data of a recorded command (fails the test when it is not recorded). */
function data(message: unknown): Record<string, unknown> {
  const result = classify(message);
  if (result.kind !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(message)}`);
  return result.data;
}

describe('the recorded methods', () => {
  it('are upstream’s 38 browser-control commands', () => {
    expect(CDP_COMMAND_METHODS).toHaveLength(38);
    for (const method of [
      'Input.dispatchMouseEvent',
      'Input.dispatchKeyEvent',
      'Input.insertText',
      'Page.navigate',
      'Page.reload',
      'Page.captureScreenshot',
      'Target.createTarget',
      'Target.closeTarget',
      'DOM.focus',
      'DOM.setFileInputFiles',
      'Browser.setWindowBounds',
      'Autofill.trigger',
    ])
      expect(CDP_COMMAND_METHODS).toContain(method);
  });

  it.each([
    'Runtime.evaluate',
    'Runtime.callFunctionOn',
    'DOM.getDocument',
    'DOM.querySelector',
    'Page.enable',
    'Network.setExtraHTTPHeaders',
    'Network.setCookies',
    'Storage.setCookies',
    'Target.setAutoAttach',
    'Target.attachToTarget',
    'Emulation.setDeviceMetricsOverride',
  ])('leave out library traffic and configuration: %s', (method) => {
    expect(
      classify({ id: 1, method, params: { expression: SECRET, headers: { a: SECRET } } }),
    ).toEqual({ kind: 'ignored' });
  });

  it('ignores replies, events, malformed frames and non-objects', () => {
    for (const frame of [
      '{"id":3,"result":{}}',
      '{"method":"Page.navigate"',
      'not json',
      '["Page.navigate"]',
      '"Page.navigate"',
      JSON.stringify({ id: 1, method: 7 }),
    ])
      expect(classify(frame), frame).toEqual({ kind: 'ignored' });
  });

  it('decides by the top-level method, wherever a method is mentioned in the frame', () => {
    // a recorded method named inside params does not make library traffic a command
    expect(
      classify({ id: 1, method: 'Runtime.evaluate', params: { method: 'Page.navigate' } }),
    ).toEqual({ kind: 'ignored' });
    // and params written before the command's own method do not hide it
    const text = `{"params":{"method":"Runtime.evaluate","url":"https://a.example/"},"id":5,"method":"Page.navigate"}`;
    expect(classifyCdpCommand(text, 'c', NONE)).toMatchObject({
      kind: 'recorded',
      data: { method: 'Page.navigate', command_id: 5, url_scheme: 'https', url_host: 'a.example' },
    });
  });

  it('says when the configuration leaves a recorded method out', () => {
    const excluded = new Set(['Input.dispatchMouseEvent']);
    expect(
      classify(
        { id: 1, method: 'Input.dispatchMouseEvent', params: { type: 'mouseMoved' } },
        excluded,
      ),
    ).toEqual({ kind: 'excluded', method: 'Input.dispatchMouseEvent' });
    expect(classify({ id: 2, method: 'Input.insertText', params: {} }, excluded).kind).toBe(
      'recorded',
    );
  });
});

describe('the common fields', () => {
  it('carry the method, connection, command id and target session', () => {
    expect(data({ id: 41, sessionId: 'S1', method: 'Page.bringToFront', params: {} })).toEqual({
      method: 'Page.bringToFront',
      connection_id: 'conn-1',
      command_id: 41,
      session_id: 'S1',
    });
  });

  it('leave out a missing or non-integer id and a browser-level command’s session', () => {
    expect(data({ method: 'Browser.close' })).toEqual({
      method: 'Browser.close',
      connection_id: 'conn-1',
    });
    expect(data({ id: 'x', sessionId: '', method: 'Browser.close' })).not.toHaveProperty(
      'command_id',
    );
  });

  it('clip identifiers to 128 characters', () => {
    const long = 'A'.repeat(500);
    const got = data({ id: 1, sessionId: long, method: 'DOM.focus', params: { objectId: long } });
    expect(got.session_id).toBe('A'.repeat(128));
    expect(got.object_id).toBe('A'.repeat(128));
  });
});

describe('secret reduction', () => {
  it('Input.insertText: the length of the text, never the text', () => {
    const got = data({ id: 1, method: 'Input.insertText', params: { text: `${SECRET}é😀` } });
    expect(got).toEqual({
      method: 'Input.insertText',
      connection_id: 'conn-1',
      command_id: 1,
      text_length: SECRET.length + 2,
    });
  });

  it('Input.dispatchKeyEvent: text length, and the key only when it commands the page', () => {
    const typed = data({
      id: 1,
      method: 'Input.dispatchKeyEvent',
      params: {
        type: 'keyDown',
        text: 'p',
        unmodifiedText: 'p',
        key: 'p',
        code: 'KeyP',
        keyIdentifier: 'U+0050',
        windowsVirtualKeyCode: 80,
        nativeVirtualKeyCode: 80,
        modifiers: 8,
      },
    });
    expect(typed).toEqual({
      method: 'Input.dispatchKeyEvent',
      connection_id: 'conn-1',
      command_id: 1,
      event_type: 'keyDown',
      modifiers: 8,
      text_length: 1,
    });
    const enter = data({
      method: 'Input.dispatchKeyEvent',
      params: { type: 'rawKeyDown', key: 'Enter', code: 'Enter', commands: ['insertNewline'] },
    });
    expect(enter).toMatchObject({ event_type: 'rawKeyDown', named_key: 'Enter', command_count: 1 });
    expect(enter).not.toHaveProperty('text_length');
  });

  it('Input.imeSetComposition and Page.handleJavaScriptDialog: lengths', () => {
    expect(
      data({ method: 'Input.imeSetComposition', params: { text: SECRET, selectionStart: 2 } }),
    ).toMatchObject({ text_length: SECRET.length, selection_start: 2 });
    expect(
      data({ method: 'Page.handleJavaScriptDialog', params: { accept: true, promptText: SECRET } }),
    ).toMatchObject({ accept: true, prompt_text_length: SECRET.length });
  });

  it('Page.navigate and Target.createTarget: scheme and host of the URL only', () => {
    const got = data({
      id: 9,
      sessionId: 'S',
      method: 'Page.navigate',
      params: {
        url: `https://user:${SECRET}@Shop.Example.com:8443/reset/${SECRET}?token=${SECRET}#${SECRET}`,
        referrer: `https://ref.example/?q=${SECRET}`,
        transitionType: 'typed',
        referrerPolicy: 'origin',
        frameId: 'F1',
      },
    });
    expect(got).toEqual({
      method: 'Page.navigate',
      connection_id: 'conn-1',
      command_id: 9,
      session_id: 'S',
      url_scheme: 'https',
      url_host: 'shop.example.com',
      transition_type: 'typed',
      referrer_present: true,
      referrer_policy: 'origin',
      frame_id: 'F1',
    });
    expect(data({ method: 'Page.navigate', params: { url: 'about:blank' } })).toMatchObject({
      url_scheme: 'about',
      referrer_present: false,
    });
    expect(
      data({ method: 'Target.createTarget', params: { url: `data:text/html,${SECRET}` } }),
    ).toMatchObject({ url_scheme: 'data' });
  });

  it('urlParts never returns more than a scheme and a host', () => {
    expect(urlParts('chrome://crash')).toEqual({ url_scheme: 'chrome', url_host: 'crash' });
    expect(urlParts(`javascript:alert("${SECRET}")`)).toEqual({ url_scheme: 'javascript' });
    expect(urlParts(`not a url ${SECRET}`)).toEqual({});
    expect(urlParts('')).toEqual({});
  });

  it('DOM.setFileInputFiles and drags: counts, never paths or contents', () => {
    expect(
      data({
        method: 'DOM.setFileInputFiles',
        params: { files: [`/home/me/${SECRET}.pdf`, '/tmp/b'], backendNodeId: 12 },
      }),
    ).toMatchObject({ file_count: 2, backend_node_id: 12 });
    expect(
      data({
        method: 'Input.dispatchDragEvent',
        params: {
          type: 'drop',
          x: 5,
          y: 6,
          data: {
            items: [
              { mimeType: 'text/plain', data: SECRET },
              { mimeType: `application/vnd.${SECRET}`, data: SECRET, title: SECRET },
              { mimeType: 'x-weird/thing', data: '' },
            ],
            files: [`/home/${SECRET}`],
            dragOperationsMask: 1,
          },
        },
      }),
    ).toMatchObject({
      event_type: 'drop',
      drag_item_count: 3,
      drag_file_count: 1,
      drag_mime_categories: ['application', 'other', 'text'],
      drag_operations_mask: 1,
    });
  });

  it('Page.reload, Page.printToPDF, Target.createBrowserContext, Autofill.trigger: flags and counts', () => {
    expect(
      data({
        method: 'Page.reload',
        params: { ignoreCache: true, scriptToEvaluateOnLoad: SECRET },
      }),
    ).toMatchObject({ ignore_cache: true, script_length: SECRET.length });
    expect(
      data({
        method: 'Page.printToPDF',
        params: { headerTemplate: SECRET, pageRanges: '1-2', landscape: true },
      }),
    ).toMatchObject({
      header_template_present: true,
      footer_template_present: false,
      page_ranges_present: true,
      landscape: true,
    });
    expect(
      data({
        method: 'Target.createBrowserContext',
        params: {
          proxyServer: `http://u:${SECRET}@proxy:1`,
          originsWithUniversalNetworkAccess: ['a', 'b'],
        },
      }),
    ).toMatchObject({ proxy_server_present: true, universal_network_access_origin_count: 2 });
    expect(
      data({
        method: 'Autofill.trigger',
        params: { fieldId: 3, card: { number: SECRET, name: SECRET, cvc: '123' } },
      }),
    ).toMatchObject({ field_id: 3, mode: 'card' });
    expect(
      data({
        method: 'Autofill.trigger',
        params: { fieldId: 4, address: { fields: [{ name: 'city', value: SECRET }] } },
      }),
    ).toMatchObject({ field_id: 4, mode: 'address', address_field_count: 1 });
  });

  it('reports an enum value the protocol does not define as other', () => {
    expect(
      data({
        method: 'Input.dispatchMouseEvent',
        params: { type: SECRET, button: SECRET, pointerType: 'pen', x: 1, y: 2 },
      }),
    ).toMatchObject({ event_type: 'other', button: 'other', pointer_type: 'pen' });
    expect(data({ method: 'Page.captureScreenshot', params: { format: SECRET } })).toMatchObject({
      format: 'other',
    });
    expect(data({ method: 'Input.dispatchMouseEvent' })).toMatchObject({ event_type: 'other' });
  });

  it('never carries a secret from any recorded method, whatever its arguments', () => {
    const hostile = {
      text: SECRET,
      key: SECRET,
      code: SECRET,
      unmodifiedText: SECRET,
      url: `https://h.example/${SECRET}?${SECRET}`,
      referrer: SECRET,
      promptText: SECRET,
      files: [SECRET],
      scriptToEvaluateOnLoad: SECRET,
      headerTemplate: SECRET,
      footerTemplate: SECRET,
      pageRanges: SECRET,
      proxyServer: SECRET,
      proxyBypassList: SECRET,
      originsWithUniversalNetworkAccess: [SECRET],
      interactionMarkerName: SECRET,
      data: {
        items: [{ mimeType: SECRET, data: SECRET, title: SECRET, baseURL: SECRET }],
        files: [SECRET],
      },
      card: { number: SECRET },
      address: { fields: [{ name: SECRET, value: SECRET }] },
      type: SECRET,
      format: SECRET,
      state: SECRET,
      transitionType: SECRET,
      referrerPolicy: SECRET,
      transferMode: SECRET,
      windowState: SECRET,
      bounds: { windowState: SECRET },
      button: SECRET,
      pointerType: SECRET,
      gestureSourceType: SECRET,
      touchPoints: [{ x: 1, y: 2, id: SECRET }],
      commands: [SECRET],
    };
    for (const method of CDP_COMMAND_METHODS) {
      const got = data({ id: 1, method, params: hostile });
      expect(JSON.stringify(got), method).not.toContain('S3cret');
      expect(got.method).toBe(method);
    }
  });
});
