// The page's side of `mcp-lens --tour`: the flag in the address, and the tour read from what the bridge hands over.
import { describe, expect, it } from 'vitest';
import { fetchTour, tourRequested } from './tourSource.js';

const TOUR = 'format: mcp-lens-tour\nversion: 1\ntitle: Mine\nconnections: {}\nsteps:\n  - title: hello\n';

const answering = (text: string, name?: string) => () =>
  Promise.resolve(new Response(text, { headers: name === undefined ? {} : { 'X-File-Name': encodeURIComponent(name) } }));

describe('tourSource', () => {
  it('sees tour in the fragment, beside the token', () => {
    expect(tourRequested('#token=abc&tour=1')).toBe(true);
    expect(tourRequested('#tour')).toBe(true);
    expect(tourRequested('#token=abc&view=1')).toBe(false);
    expect(tourRequested('#token=tour')).toBe(false);
  });

  it('reads the tour with the file name the bridge gives', async () => {
    expect(await fetchTour(answering(TOUR, 'my tour.yaml'))).toMatchObject({ ok: true, name: 'my tour.yaml', tour: { title: 'Mine' } });
  });

  it('names the line of a mistake made in the file since the bridge checked it', async () => {
    expect(await fetchTour(answering(TOUR.replace('title: hello', 'titel: hello'), 'my.yaml'))).toEqual({
      ok: false,
      error: expect.stringContaining('my.yaml line 6, column 5: steps[0].titel: unknown field "titel" (did you mean "title"?)') as unknown,
    });
  });

  it('says when the bridge did not hand it over', async () => {
    expect(await fetchTour(() => Promise.reject(new Error('/api/tour: 404 Not Found')))).toEqual({
      ok: false,
      error: 'the bridge did not hand the tour over (/api/tour: 404 Not Found)',
    });
  });
});
