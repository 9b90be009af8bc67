/** The upload bar's words and the refusals' messages. */
import { describe, expect, it } from 'vitest';
import { progressText, refusalText } from './photo-upload';

describe('the photo upload', () => {
  it('says how far the upload is', () => {
    expect(progressText(0, 0)).toBe('Uploading…');
    expect(progressText(4_100_000, 8_200_000)).toBe('Uploading… 50% of 8.2 MB');
    expect(progressText(9, 8)).toBe('Uploading… 100% of 0.0 MB');
  });

  it("shows the server's own reason, else a plain one", () => {
    expect(refusalText(422, '{"error":"Write what the photo shows (its alt text)."}')).toBe('Write what the photo shows (its alt text).');
    expect(refusalText(413, '<html>')).toBe('The photo is too large to upload.');
    expect(refusalText(0, '')).toBe('The connection dropped before the photo was sent. Try again.');
    expect(refusalText(502, 'Bad gateway')).toBe('The upload was refused (502). Try again.');
  });
});
