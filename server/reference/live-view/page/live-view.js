// The live view page's script: draws the frames its WebSocket brings on a canvas, fitted to the
// window, and (unless the URL says readOnly=true) sends the viewer's mouse, wheel and keys as
// positions relative to the picture; says when the session ends or the connection drops.
/* global document, window, location, URL, URLSearchParams, WebSocket, createImageBitmap, requestAnimationFrame, setTimeout, fetch */
'use strict';

(() => {
  const readOnly = new URLSearchParams(location.search).get('readOnly') === 'true';
  const canvas = document.getElementById('screen');
  const status = document.getElementById('status');
  const context = canvas.getContext('2d');
  /** Reconnection attempts in a row; the page gives up after the last. */
  const MAX_ATTEMPTS = 6;
  const SESSION_ENDED = 4000;

  let socket = null;
  let attempts = 0;
  let finished = false;
  let shown = 0;
  let decoding = false;
  let waiting = null;

  function say(text) {
    status.textContent = text;
    status.hidden = text === '';
  }

  function fit() {
    const scale = Math.min(window.innerWidth / canvas.width, window.innerHeight / canvas.height);
    canvas.style.width = `${Math.floor(canvas.width * scale)}px`;
    canvas.style.height = `${Math.floor(canvas.height * scale)}px`;
  }

  /** Draws a frame; while one is being decoded, only the newest that arrives meanwhile waits. */
  async function draw(blob) {
    decoding = true;
    try {
      const bitmap = await createImageBitmap(blob);
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        fit();
      }
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      shown += 1;
      canvas.dataset.frames = String(shown);
      if (shown === 1 && !finished) say('');
    } catch {
      // a frame that does not decode is skipped; the next one replaces it
    } finally {
      decoding = false;
      const next = waiting;
      waiting = null;
      if (next) void draw(next);
    }
  }

  function finish(text) {
    finished = true;
    document.body.dataset.state = 'ended';
    say(text);
  }

  /** After a failed reconnection: the page itself answers 404 once the session is gone. */
  async function sessionGone() {
    try {
      const response = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
      return response.status === 404;
    } catch {
      return false;
    }
  }

  function connect() {
    const url = new URL('socket', location.href);
    url.search = location.search;
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.binaryType = 'blob';
    ws.onopen = () => {
      attempts = 0;
      document.body.dataset.state = 'connected';
      say(shown > 0 ? '' : 'Waiting for the screen…');
    };
    ws.onmessage = (event) => {
      if (typeof event.data === 'string') return;
      if (decoding) waiting = event.data;
      else void draw(event.data);
    };
    ws.onclose = async (event) => {
      if (socket !== ws || finished) return;
      socket = null;
      if (event.code === SESSION_ENDED) return finish('The session has ended.');
      document.body.dataset.state = 'reconnecting';
      if (attempts > 0 && (await sessionGone())) return finish('The session has ended.');
      attempts += 1;
      if (attempts > MAX_ATTEMPTS)
        return finish('The connection to the browser dropped. Reload the page to try again.');
      say('The connection to the browser dropped. Reconnecting…');
      setTimeout(connect, Math.min(10_000, 250 * 2 ** attempts));
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function modifiers(event) {
    return (
      (event.altKey ? 1 : 0) |
      (event.ctrlKey ? 2 : 0) |
      (event.metaKey ? 4 : 0) |
      (event.shiftKey ? 8 : 0)
    );
  }

  /** Where the pointer is on the picture, as fractions of its width and height. */
  function position(event) {
    const box = canvas.getBoundingClientRect();
    return {
      x: (event.clientX - box.left) / box.width,
      y: (event.clientY - box.top) / box.height,
    };
  }

  const BUTTONS = ['left', 'middle', 'right', 'back', 'forward'];

  function mouse(action, event) {
    send({
      type: 'mouse',
      action,
      ...position(event),
      button: BUTTONS[event.button] || 'none',
      buttons: event.buttons,
      clickCount: Math.max(1, event.detail || 1),
      modifiers: modifiers(event),
    });
  }

  function listen() {
    canvas.classList.add('interactive');
    let pressed = false;
    let moved = null;
    canvas.addEventListener('mousedown', (event) => {
      event.preventDefault();
      canvas.focus();
      pressed = true;
      mouse('down', event);
    });
    // a button let go outside the picture is still let go in the page
    window.addEventListener('mouseup', (event) => {
      if (!pressed && event.target !== canvas) return;
      pressed = event.buttons !== 0;
      mouse('up', event);
    });
    // at most one move per animation frame: the newest position
    canvas.addEventListener('mousemove', (event) => {
      if (moved === null)
        requestAnimationFrame(() => {
          const last = moved;
          moved = null;
          if (last)
            send({
              type: 'mouse',
              action: 'move',
              ...position(last),
              buttons: last.buttons,
              modifiers: modifiers(last),
            });
        });
      moved = event;
    });
    canvas.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? window.innerHeight : 1;
        send({
          type: 'wheel',
          ...position(event),
          deltaX: event.deltaX * unit,
          deltaY: event.deltaY * unit,
          modifiers: modifiers(event),
        });
      },
      { passive: false },
    );
    canvas.addEventListener('contextmenu', (event) => event.preventDefault());
    for (const [type, action] of [
      ['keydown', 'down'],
      ['keyup', 'up'],
    ]) {
      canvas.addEventListener(type, (event) => {
        event.preventDefault();
        send({
          type: 'key',
          action,
          key: event.key,
          code: event.code,
          keyCode: event.keyCode,
          modifiers: modifiers(event),
        });
      });
    }
  }

  window.addEventListener('resize', fit);
  fit();
  if (readOnly) document.getElementById('mode').hidden = false;
  else listen();
  connect();
})();
