// Tests of a run's steps: visits, commands and interactions in order, noise left out, repeats folded.
import { describe, expect, it } from 'vitest';
import { click, command, raw, repeat, runEvents, telemetryOf, visit } from '../testing/run-kit';
import { commandKey, flatSteps, interactionKey, runSteps } from './steps';

const keys = (parts: Parameters<typeof runEvents>[0]): string[] =>
  flatSteps(runSteps(telemetryOf(runEvents(parts)))).map((step) => step.key);

describe('runSteps', () => {
  it('lists visits by URL pattern and the steps taken on each, in order', () => {
    const run = runSteps(
      telemetryOf(
        runEvents([
          command('Target.createTarget', { url_scheme: 'https', url_host: 'Shop.test' }),
          visit('https://shop.test/orders/123?ref=mail'),
          click('#pay', 'Pay now'),
          command('Page.navigate', { url: 'https://shop.test/done/77' }),
          visit('https://shop.test/done/77'),
        ]),
      ),
    );
    expect(run.groups).toHaveLength(3);
    expect(run.groups[0]?.visit).toBeNull();
    expect(flatSteps(run).map((step) => [step.kind, step.key, step.visit])).toEqual([
      ['command', 'Target.createTarget https://shop.test', -1],
      ['visit', 'visit https://shop.test/orders/:id?ref', 0],
      ['interaction', 'click #pay "Pay now"', 0],
      ['command', 'Page.navigate https://shop.test/done/:id', 0],
      ['visit', 'visit https://shop.test/done/:id', 1],
    ]);
    expect(run.events).toBe(5);
  });

  it('ends each step where the next one of its visit starts, the last where the visit ends', () => {
    const run = runSteps(
      telemetryOf(
        runEvents([visit('https://a.test/'), click('#a'), click('#b'), visit('https://a.test/x')]),
      ),
    );
    const [first, second] = run.groups[1]?.steps ?? [];
    expect(first?.endUs).toBe(second?.startUs);
    expect(second?.endUs).toBe(run.groups[2]?.step?.startUs);
    expect(run.groups[1]?.step?.endUs).toBe(run.groups[2]?.step?.startUs);
    expect(second?.index).toBeGreaterThan(first?.index ?? Infinity);
  });

  it('leaves mouse moves out and counts a press and release as one click', () => {
    const mouse = (type: string) =>
      command('Input.dispatchMouseEvent', { event_type: type, button: 'left', x: 1, y: 2 });
    expect(
      keys([
        visit('https://a.test/'),
        ...repeat(50, () => [mouse('mouseMoved')]),
        mouse('mousePressed'),
        mouse('mouseReleased'),
        click('#go'),
        mouse('mouseMoved'),
      ]),
    ).toEqual(['visit https://a.test/', 'Input.dispatchMouseEvent click left', 'click #go']);
  });

  it('keeps clicks on different elements apart, each after the command that made it', () => {
    const press = command('Input.dispatchMouseEvent', {
      event_type: 'mousePressed',
      button: 'left',
    });
    expect(
      keys([visit('https://a.test/'), press, click('#a'), press, click('#b'), press, click('#b')]),
    ).toEqual([
      'visit https://a.test/',
      'Input.dispatchMouseEvent click left',
      'click #a',
      'Input.dispatchMouseEvent click left',
      'click #b',
    ]);
  });

  it('folds typing into one step, keeps a key such as Enter apart, and folds repeats', () => {
    const key = (type: string, named?: string) =>
      command('Input.dispatchKeyEvent', {
        event_type: type,
        ...(named ? { named_key: named } : {}),
      });
    const typed = (char: string) => raw('interaction_key', { key: char, selector: 'input#q' });
    const run = runSteps(
      telemetryOf(
        runEvents([
          visit('https://a.test/'),
          ...repeat(5, () => [key('keyDown'), typed('x'), key('keyUp')]),
          key('rawKeyDown', 'Enter'),
          raw('interaction_key', { key: 'Enter', selector: 'input#q' }),
          key('keyUp', 'Enter'),
          ...repeat(3, () => [raw('interaction_scroll_settled', { target_selector: 'document' })]),
        ]),
      ),
    );
    expect(flatSteps(run).map((step) => [step.key, step.count])).toEqual([
      ['visit https://a.test/', 1],
      ['Input.dispatchKeyEvent text', 5],
      ['type into input#q', 5],
      ['Input.dispatchKeyEvent Enter', 1],
      ['key Enter on input#q', 1],
      ['scroll document', 3],
    ]);
  });

  it('keeps the first steps of a visit under the cap and counts the rest', () => {
    const parts = [visit('https://a.test/'), ...repeat(10, (at) => [click(`#b${at}`)])];
    const run = runSteps(telemetryOf(runEvents(parts)), { maxStepsPerVisit: 4 });
    expect(run.groups[1]?.steps.map((step) => step.key)).toEqual([
      'click #b0',
      'click #b1',
      'click #b2',
      'click #b3',
    ]);
    expect(run.groups[1]?.cut).toBe(6);
    expect(run.cut).toBe(6);
  });

  it('reads events with missing fields without throwing', () => {
    expect(
      keys([
        raw('page_navigation', null),
        raw('page_navigation', { target_id: 'T-1' }),
        raw('cdp_command', null, 'control'),
        raw('cdp_command', { method: 42 }, 'control'),
        raw('interaction_click', null),
        raw('interaction_key', {}),
        raw('interaction_input', { selector: '#name' }),
      ]),
    ).toEqual([
      'visit (no URL)',
      'visit (no URL)',
      'CDP command',
      'click',
      'type into',
      'input #name',
    ]);
    expect(runSteps(telemetryOf([])).groups).toHaveLength(1);
  });
});

describe('step keys', () => {
  it('names a command by its method and main argument', () => {
    expect(commandKey({ method: 'Page.navigate', url_scheme: 'https', url_host: 'A.test' })).toBe(
      'Page.navigate https://a.test',
    );
    expect(commandKey({ method: 'DOM.focus', selector: '#row-88123' })).toBe('DOM.focus #row-:id');
    expect(commandKey({ method: 'Page.captureScreenshot' })).toBe('Page.captureScreenshot');
    expect(commandKey({ method: 'Input.dispatchMouseEvent', event_type: 'mouseMoved' })).toBeNull();
    expect(commandKey({ method: 'Page.startScreencast' })).toBeNull();
  });

  it('names an interaction by what it targeted', () => {
    expect(interactionKey('interaction_click', { tag: 'A', text: 'Order 88123' })).toBe(
      'click <a> "Order #"',
    );
    expect(interactionKey('interaction_key', { key: ' ', selector: '#q' })).toBe('type into #q');
    expect(interactionKey('interaction_scroll_settled', {})).toBe('scroll');
  });
});
