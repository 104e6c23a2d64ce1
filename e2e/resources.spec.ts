import { expect, test, textbox, uniqueSuffix } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

/** A mono 16-bit PCM WAV file of `seconds` of a 440 Hz tone, quiet. */
function toneWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 3000), 44 + i * 2);
  }
  return wav;
}

test('an admin uploads and publishes an audio resource; a member finds it under Audio, plays it and seeks', async ({
  page,
  mei,
  signInAdmin,
  openPageAs,
}) => {
  test.setTimeout(60_000);
  const title = `Guided standing ${uniqueSuffix().slice(0, 6)}`;
  await signInAdmin();
  await page.goto('/app/admin/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Resources Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Resource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Resource' });
  await dialog.getByRole('radio', { name: 'Audio' }).check();
  await textbox(dialog, 'Title').fill(title);
  await textbox(dialog, 'Description').fill('Five minutes of standing with the breath.');
  await textbox(dialog, 'Duration').fill('0:04');
  await dialog.getByLabel('Audio file').setInputFiles({
    name: 'guided-standing.wav',
    mimeType: 'audio/wav',
    buffer: toneWav(4),
  });
  await expect(page.getByText('Audio Uploaded')).toBeVisible();
  await expect(textbox(dialog, 'Audio address')).toHaveValue(/^\/media\/.+/);
  await expect(dialog.getByRole('switch', { name: 'Published' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Resource' }).click();
  await expect(page.getByText('Resource Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Resources' }).getByText(title)).toBeVisible();

  const member = await openPageAs(mei);
  await member.goto('/app/resources');
  await expect(member.getByRole('heading', { level: 1, name: 'Learning Resources' })).toBeVisible();
  await member.getByRole('radiogroup', { name: 'Resource type' }).getByText('Audio', { exact: true }).click();
  await expect(member).toHaveURL(/\/app\/resources\?type=audio$/);
  const card = member.getByRole('article', { name: title });
  await expect(card.getByText('Audio', { exact: true })).toBeVisible();
  await expect(card.getByText('Five minutes of standing with the breath.')).toBeVisible();

  const player = card.getByLabel(`Audio: ${title}`);
  await expect(player).toHaveAttribute('preload', 'metadata');
  const played = await player.evaluate(async (element) => {
    const audio = element as HTMLAudioElement;
    if (audio.readyState < HTMLMediaElement.HAVE_METADATA)
      await new Promise((resolve) => audio.addEventListener('loadedmetadata', resolve, { once: true }));
    // The click on the filter gave the page the user activation that playing needs.
    await audio.play();
    const playing = !audio.paused;
    // Seeking needs the file served with byte ranges: without them only the start is seekable.
    const seekableEnd = audio.seekable.length > 0 ? audio.seekable.end(audio.seekable.length - 1) : 0;
    const seeked = new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
    audio.currentTime = 2.5;
    await seeked;
    const position = audio.currentTime;
    audio.pause();
    return { playing, duration: audio.duration, seekableEnd, position };
  });
  expect(played.playing).toBe(true);
  expect(played.duration).toBeGreaterThan(3.5);
  expect(played.seekableEnd).toBeGreaterThan(3.5);
  expect(played.position).toBeGreaterThanOrEqual(2.4);
});
