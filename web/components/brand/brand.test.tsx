import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArtIllustration, CoursePattern, HeroArt, Logo, type Art } from '.';
import { createRandom } from './random';

describe('Logo', () => {
  it('is an image named by its title, in either form', () => {
    render(
      <>
        <Logo title="Kwoon" />
        <Logo title="Kwoon home" variant="full" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Kwoon' }).getAttribute('viewBox')).toBe('0 0 64 64');
    const full = screen.getByRole('img', { name: 'Kwoon home' });
    expect(full.getAttribute('viewBox')).toBe('0 0 212 64');
    expect(full.textContent).toContain('Kwoon');
  });

  it('is hidden from screen readers without a title, and keeps its proportions at any size', () => {
    const { container } = render(<Logo size={24} variant="full" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['79.5', '24']);
  });
});

describe('ArtIllustration', () => {
  it.each<[Art, string]>([
    ['xingyiquan', 'Xingyiquan: san ti stance'],
    ['taijiquan', 'Taijiquan: single whip'],
    ['baguazhang', 'Baguazhang: walking the circle'],
  ])('draws %s as an image with its title', (art, title) => {
    render(<ArtIllustration art={art} title={title} />);
    expect(screen.getByRole('img', { name: title })).toBeTruthy();
  });

  it('is decoration without a title', () => {
    const { container } = render(<ArtIllustration art="taijiquan" />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('HeroArt', () => {
  it('is decoration, and draws the same painting every time', () => {
    const { container } = render(<HeroArt />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(renderToStaticMarkup(<HeroArt />)).toBe(renderToStaticMarkup(<HeroArt />));
  });
});

describe('CoursePattern', () => {
  const SEEDS = Array.from(
    { length: 24 },
    (_, i) => `0b5f6d1e-2c3a-4e7b-9f10-${String(i).padStart(12, '0')}`,
  );
  const cover = (seed: string, art?: Art) => renderToStaticMarkup(<CoursePattern seed={seed} art={art} />);

  it('draws the same cover for the same seed', () => {
    for (const seed of SEEDS.slice(0, 5)) expect(cover(seed)).toBe(cover(seed));
  });

  it('draws different covers for different seeds, using every motif and composition', () => {
    const covers = SEEDS.map((seed) => cover(seed));
    expect(new Set(covers).size).toBe(SEEDS.length);
    const attribute = (markup: string, name: string) => new RegExp(`${name}="([a-z]+)"`).exec(markup)![1];
    expect(new Set(covers.map((markup) => attribute(markup, 'data-composition')))).toEqual(
      new Set(['sun', 'band', 'medallion']),
    );
    expect(new Set(covers.map((markup) => attribute(markup, 'data-motif'))).size).toBeGreaterThanOrEqual(4);
  });

  it("leans towards the art's own motifs", () => {
    for (const seed of SEEDS) expect(cover(seed, 'baguazhang')).toMatch(/data-motif="(trigrams|rings)"/);
  });

  it('is decoration unless given a title', () => {
    const { container } = render(<CoursePattern seed="a" />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    render(<CoursePattern seed="a" title="Cover of Foundations" />);
    expect(screen.getByRole('img', { name: 'Cover of Foundations' })).toBeTruthy();
  });
});

describe('createRandom', () => {
  it('repeats its numbers for a seed, within [0, 1)', () => {
    const [a, b] = [createRandom('kwoon'), createRandom('kwoon')];
    const drawn = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(drawn);
    expect(drawn.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});
