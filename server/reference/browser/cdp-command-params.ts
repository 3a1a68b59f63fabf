/**
 * The arguments a `cdp_command` event reports for each browser-control command, as upstream's
 * CDP proxy reports them (field names of its `BrowserCdp…CommandData` types).
 *
 * The rule for every argument: one that can carry a secret is replaced by a length, a count, a
 * presence flag, an enum value or a URL's scheme and host:
 * - typed, inserted and composed text, prompt text → `text_length` / `prompt_text_length`
 *   (characters); of a key event only a key that commands the page (Enter, Tab, arrows, F-keys…)
 *   is named (`named_key`): `key`, `code`, `unmodifiedText`, `keyIdentifier` and the virtual key
 *   codes all name the character typed, so they are never read;
 * - URLs (`Page.navigate`, `Target.createTarget`) → `url_scheme` and `url_host`: the path, query,
 *   fragment and any user name or password are where tokens and document names live;
 * - referrers, scripts, PDF templates and page ranges, proxy settings → presence flags or lengths;
 * - file paths → `file_count` / `drag_file_count`; drag items → their count and top-level MIME
 *   categories; autofill card and address values → which of the two was filled and a field count;
 * - a string that should be one of the protocol's enum values and is not → `other`;
 * - opaque identifiers (frame, loader, target, node object, browser context) → kept, clipped to
 *   128 characters (a longer one is not a real identifier).
 * Everything else (coordinates, buttons, modifiers, click counts, scroll distances, screenshot
 * formats, window bounds) is reported as it arrived: without it an event cannot say what the agent
 * did. An argument not named here is never read, so a protocol addition cannot leak by accident.
 */

import { isRecord, Params, urlParts } from './cdp-params-reader.ts';

type Out = Record<string, unknown>;
type Sanitizer = (params: Params) => Out;

/** Keys that command the page rather than type into it: the only `key` values reported. */
const NAMED_KEYS = new Set(
  `Enter Tab Escape Backspace Delete Insert Home End PageUp PageDown ArrowUp ArrowDown ArrowLeft
  ArrowRight Shift Control Alt Meta CapsLock NumLock ScrollLock ContextMenu Pause PrintScreen
  F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12`.split(/\s+/),
);
/** Top-level MIME types a drag item may report; a subtype can name the file, so it never does. */
const MIME_CATEGORIES = new Set(
  'text image audio video application font model multipart message'.split(' '),
);

const MOUSE_PHASES = ['mousePressed', 'mouseReleased', 'mouseMoved', 'mouseWheel'];
const KEY_PHASES = ['keyDown', 'keyUp', 'rawKeyDown', 'char'];
const TOUCH_PHASES = ['touchStart', 'touchEnd', 'touchMove', 'touchCancel'];
const DRAG_PHASES = ['dragEnter', 'dragOver', 'drop', 'dragCancel'];
const BUTTONS = ['none', 'left', 'middle', 'right', 'back', 'forward'];
const GESTURE_SOURCES = ['default', 'touch', 'mouse'];
const WINDOW_STATES = ['normal', 'minimized', 'maximized', 'fullscreen'];
const REFERRER_POLICIES = [
  'noReferrer',
  'noReferrerWhenDowngrade',
  'origin',
  'originWhenCrossOrigin',
  'sameOrigin',
  'strictOrigin',
  'strictOriginWhenCrossOrigin',
  'unsafeUrl',
];
const TRANSITION_TYPES = [
  'link',
  'typed',
  'address_bar',
  'auto_bookmark',
  'auto_subframe',
  'manual_subframe',
  'generated',
  'auto_toplevel',
  'form_submit',
  'reload',
  'keyword',
  'keyword_generated',
];

/** The phase of an input event: always reported, `other` when missing or unknown. */
const phase = (p: Params, allowed: readonly string[]): string =>
  p.oneOf('type', allowed) ?? 'other';

/** What a pen adds to a pointer: a mouse event's, or a touch's first point's. */
const pen = (p: Params): Out => ({
  force: p.number('force'),
  tangential_pressure: p.number('tangentialPressure'),
  tilt_x: p.number('tiltX'),
  tilt_y: p.number('tiltY'),
  twist: p.integer('twist'),
});

/** A window's position, size and state: a new target's window, or a window's new bounds. */
const windowBounds = (p: Params): Out => ({
  left: p.integer('left'),
  top: p.integer('top'),
  width: p.integer('width'),
  height: p.integer('height'),
  window_state: p.oneOf('windowState', WINDOW_STATES),
});

/** The target a command addresses. */
const target = (p: Params): Out => ({ target_id: p.id('targetId') ?? '' });

const nodeRef = (p: Params): Out => ({
  node_id: p.integer('nodeId'),
  backend_node_id: p.integer('backendNodeId'),
  object_id: p.id('objectId'),
});

function keyEvent(p: Params): Out {
  const key = p.string('key');
  const commands = p.list('commands');
  return {
    event_type: phase(p, KEY_PHASES),
    modifiers: p.integer('modifiers'),
    text_length: p.length('text'),
    named_key: key !== undefined && NAMED_KEYS.has(key) ? key : undefined,
    location: p.integer('location'),
    auto_repeat: p.bool('autoRepeat'),
    is_keypad: p.bool('isKeypad'),
    is_system_key: p.bool('isSystemKey'),
    command_count: commands?.length,
  };
}

function touchEvent(p: Params): Out {
  const points = p.list('touchPoints') ?? [];
  // Coordinates live inside touchPoints: the first point stands for where the touch landed.
  const first = new Params(isRecord(points[0]) ? points[0] : {});
  return {
    event_type: phase(p, TOUCH_PHASES),
    touch_point_count: points.length,
    modifiers: p.integer('modifiers'),
    x: first.number('x'),
    y: first.number('y'),
    radius_x: first.number('radiusX'),
    radius_y: first.number('radiusY'),
    rotation_angle: first.number('rotationAngle'),
    ...pen(first),
  };
}

function dragEvent(p: Params): Out {
  const data = p.record('data');
  const items = data.list('items');
  const categories = new Set<string>();
  for (const item of items ?? []) {
    const mime = isRecord(item) && typeof item.mimeType === 'string' ? item.mimeType : '';
    const category = mime.split('/')[0]?.trim().toLowerCase() ?? '';
    categories.add(MIME_CATEGORIES.has(category) ? category : 'other');
  }
  return {
    event_type: phase(p, DRAG_PHASES),
    x: p.number('x'),
    y: p.number('y'),
    modifiers: p.integer('modifiers'),
    drag_item_count: items?.length,
    drag_file_count: data.list('files')?.length,
    drag_mime_categories: categories.size > 0 ? [...categories].sort() : undefined,
    drag_operations_mask: data.integer('dragOperationsMask'),
  };
}

function captureScreenshot(p: Params): Out {
  const clip = p.record('clip');
  return {
    format: p.oneOf('format', ['jpeg', 'png', 'webp']),
    quality: p.integer('quality'),
    clip_x: clip.number('x'),
    clip_y: clip.number('y'),
    clip_width: clip.number('width'),
    clip_height: clip.number('height'),
    clip_scale: clip.number('scale'),
    from_surface: p.bool('fromSurface'),
    capture_beyond_viewport: p.bool('captureBeyondViewport'),
    optimize_for_speed: p.bool('optimizeForSpeed'),
  };
}

function printToPdf(p: Params): Out {
  return {
    landscape: p.bool('landscape'),
    display_header_footer: p.bool('displayHeaderFooter'),
    print_background: p.bool('printBackground'),
    scale: p.number('scale'),
    paper_width: p.number('paperWidth'),
    paper_height: p.number('paperHeight'),
    margin_top: p.number('marginTop'),
    margin_bottom: p.number('marginBottom'),
    margin_left: p.number('marginLeft'),
    margin_right: p.number('marginRight'),
    page_ranges_present: p.present('pageRanges'),
    header_template_present: p.present('headerTemplate'),
    footer_template_present: p.present('footerTemplate'),
    prefer_css_page_size: p.bool('preferCSSPageSize'),
    transfer_mode: p.oneOf('transferMode', ['ReturnAsBase64', 'ReturnAsStream']),
    generate_tagged_pdf: p.bool('generateTaggedPDF'),
    generate_document_outline: p.bool('generateDocumentOutline'),
  };
}

function createTarget(p: Params): Out {
  return {
    ...urlParts(p.string('url')),
    ...windowBounds(p),
    browser_context_id: p.id('browserContextId'),
    new_window: p.bool('newWindow'),
    background: p.bool('background'),
    for_tab: p.bool('forTab'),
    hidden: p.bool('hidden'),
    focus: p.bool('focus'),
    enable_begin_frame_control: p.bool('enableBeginFrameControl'),
  };
}

function autofillTrigger(p: Params): Out {
  // The card number and the address lines are the whole payload: only which was filled is told.
  const mode = p.has('card') ? 'card' : p.has('address') ? 'address' : undefined;
  return {
    field_id: p.integer('fieldId') ?? 0,
    frame_id: p.id('frameId'),
    mode,
    address_field_count:
      mode === 'address' ? p.record('address').list('fields')?.length : undefined,
  };
}

const none = (): Out => ({});

/** Every browser-control command that is reported, and what each reports of its arguments. */
export const SANITIZERS: Readonly<Record<string, Sanitizer>> = {
  'Input.dispatchMouseEvent': (p) => ({
    event_type: phase(p, MOUSE_PHASES),
    x: p.number('x'),
    y: p.number('y'),
    modifiers: p.integer('modifiers'),
    button: p.oneOf('button', BUTTONS),
    buttons: p.integer('buttons'),
    click_count: p.integer('clickCount'),
    delta_x: p.number('deltaX'),
    delta_y: p.number('deltaY'),
    pointer_type: p.oneOf('pointerType', ['mouse', 'pen']),
    ...pen(p),
  }),
  'Input.dispatchKeyEvent': keyEvent,
  'Input.insertText': (p) => ({ text_length: p.length('text') ?? 0 }),
  'Input.imeSetComposition': (p) => ({
    text_length: p.length('text') ?? 0,
    selection_start: p.integer('selectionStart'),
    selection_end: p.integer('selectionEnd'),
    replacement_start: p.integer('replacementStart'),
    replacement_end: p.integer('replacementEnd'),
  }),
  'Input.dispatchTouchEvent': touchEvent,
  'Input.dispatchDragEvent': dragEvent,
  'Input.cancelDragging': none,
  'Input.emulateTouchFromMouseEvent': (p) => ({
    event_type: phase(p, MOUSE_PHASES),
    x: p.number('x'),
    y: p.number('y'),
    button: p.oneOf('button', BUTTONS),
    modifiers: p.integer('modifiers'),
    click_count: p.integer('clickCount'),
    delta_x: p.number('deltaX'),
    delta_y: p.number('deltaY'),
  }),
  'Input.synthesizePinchGesture': (p) => ({
    x: p.number('x'),
    y: p.number('y'),
    scale_factor: p.number('scaleFactor'),
    relative_speed: p.integer('relativeSpeed'),
    gesture_source_type: p.oneOf('gestureSourceType', GESTURE_SOURCES),
  }),
  // interactionMarkerName is a caller-supplied label: never read.
  'Input.synthesizeScrollGesture': (p) => ({
    x: p.number('x'),
    y: p.number('y'),
    x_distance: p.number('xDistance'),
    y_distance: p.number('yDistance'),
    x_overscroll: p.number('xOverscroll'),
    y_overscroll: p.number('yOverscroll'),
    prevent_fling: p.bool('preventFling'),
    speed: p.integer('speed'),
    gesture_source_type: p.oneOf('gestureSourceType', GESTURE_SOURCES),
    repeat_count: p.integer('repeatCount'),
    repeat_delay_ms: p.integer('repeatDelayMs'),
  }),
  'Input.synthesizeTapGesture': (p) => ({
    x: p.number('x'),
    y: p.number('y'),
    duration: p.integer('duration'),
    tap_count: p.integer('tapCount'),
    gesture_source_type: p.oneOf('gestureSourceType', GESTURE_SOURCES),
  }),
  'DOM.setFileInputFiles': (p) => ({ file_count: p.list('files')?.length ?? 0, ...nodeRef(p) }),
  'DOM.focus': nodeRef,
  'DOM.scrollIntoViewIfNeeded': (p) => {
    const rect = p.record('rect');
    return {
      ...nodeRef(p),
      rect_x: rect.number('x'),
      rect_y: rect.number('y'),
      rect_width: rect.number('width'),
      rect_height: rect.number('height'),
    };
  },
  'Page.bringToFront': none,
  'Page.captureScreenshot': captureScreenshot,
  'Page.captureSnapshot': (p) => ({ format: p.oneOf('format', ['mhtml']) }),
  'Page.handleJavaScriptDialog': (p) => ({
    accept: p.bool('accept') ?? false,
    prompt_text_length: p.length('promptText'),
  }),
  'Page.navigate': (p) => ({
    ...urlParts(p.string('url')),
    transition_type: p.oneOf('transitionType', TRANSITION_TYPES),
    referrer_present: p.present('referrer'),
    referrer_policy: p.oneOf('referrerPolicy', REFERRER_POLICIES),
    frame_id: p.id('frameId'),
  }),
  'Page.navigateToHistoryEntry': (p) => ({ entry_id: p.integer('entryId') ?? 0 }),
  'Page.reload': (p) => ({
    ignore_cache: p.bool('ignoreCache'),
    script_length: p.length('scriptToEvaluateOnLoad'),
    loader_id: p.id('loaderId'),
  }),
  'Page.printToPDF': printToPdf,
  'Page.startScreencast': (p) => ({
    format: p.oneOf('format', ['jpeg', 'png']),
    quality: p.integer('quality'),
    max_width: p.integer('maxWidth'),
    max_height: p.integer('maxHeight'),
    every_nth_frame: p.integer('everyNthFrame'),
  }),
  'Page.stopScreencast': none,
  'Page.stopLoading': none,
  'Page.close': none,
  'Page.setWebLifecycleState': (p) => ({
    state: p.oneOf('state', ['frozen', 'active']) ?? 'other',
  }),
  'Target.activateTarget': target,
  'Target.closeTarget': target,
  'Target.createTarget': createTarget,
  'Target.createBrowserContext': (p) => ({
    dispose_on_detach: p.bool('disposeOnDetach'),
    proxy_server_present: p.present('proxyServer'),
    proxy_bypass_list_present: p.present('proxyBypassList'),
    universal_network_access_origin_count: p.list('originsWithUniversalNetworkAccess')?.length,
  }),
  'Target.disposeBrowserContext': (p) => ({ browser_context_id: p.id('browserContextId') ?? '' }),
  'Target.openDevTools': (p) => ({ ...target(p), panel_id: p.id('panelId') }),
  'Browser.cancelDownload': (p) => ({
    download_guid: p.id('guid') ?? '',
    browser_context_id: p.id('browserContextId'),
  }),
  'Browser.close': none,
  'Browser.setWindowBounds': (p) => ({
    window_id: p.integer('windowId') ?? 0,
    ...windowBounds(p.record('bounds')),
  }),
  'Browser.setContentsSize': (p) => ({
    window_id: p.integer('windowId') ?? 0,
    width: p.integer('width'),
    height: p.integer('height'),
  }),
  'Autofill.trigger': autofillTrigger,
};

/** The reported arguments of a command (undefined members left out). */
export function sanitizeParams(method: string, params: unknown): Out | undefined {
  const sanitizer = Object.hasOwn(SANITIZERS, method) ? SANITIZERS[method] : undefined;
  if (!sanitizer) return undefined;
  const out = sanitizer(new Params(isRecord(params) ? params : {}));
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}
