import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadParts, screenPart } from '../../../src/components/screen-part';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

/** A part whose code arrives when the test says (or fails to). */
function controlledPart() {
  const downloads: Array<{ arrive(): void; fail(): void }> = [];
  const part = screenPart(
    'src/greeting.tsx',
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        downloads.push({ arrive: () => resolve(Greeting), fail: () => reject(new Error('offline')) });
      }),
  );
  return { part, downloads };
}

describe('screenPart', () => {
  it('renders in the first render when its code was loaded before', async () => {
    const { part, downloads } = controlledPart();
    const loading = loadParts([part]);
    downloads[0]!.arrive();
    await loading;
    render(<part.Part name="Ana" />);
    expect(screen.getByText('Olá, Ana')).toBeTruthy();
  });

  it('shows nothing until its code arrives when a page rendered it without loading it first', async () => {
    const { part, downloads } = controlledPart();
    const { container } = render(<part.Part name="Bia" />);
    expect(container.textContent).toBe('');
    expect(downloads).toHaveLength(1);
    downloads[0]!.arrive();
    expect(await screen.findByText('Olá, Bia')).toBeTruthy();
  });

  it('downloads its code once for many pages, and again after a failed download', async () => {
    const { part, downloads } = controlledPart();
    const first = part.load();
    void part.load();
    expect(downloads).toHaveLength(1);
    downloads[0]!.fail();
    await expect(first).rejects.toThrow('offline');
    const again = part.load();
    expect(downloads).toHaveLength(2);
    downloads[1]!.arrive();
    await again;
    render(<part.Part name="Caio" />);
    expect(screen.getByText('Olá, Caio')).toBeTruthy();
  });
});
