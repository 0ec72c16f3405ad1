import { expect } from 'vitest';
import { openPage, phone, test, visit } from './browser';
import { placePixOrder, signIn } from './shopper';

// The order page's items on a 390 px phone: every column (product, quantity, price, total) in
// sight, nothing behind a sideways swipe nor cut.

test("shows every column of the order's items on a 390 px phone", async ({ browser }) => {
  const { page, context, assertNoErrors } = await openPage(browser, {
    ...phone,
    viewport: { width: 390, height: 844 },
  });
  await signIn(page);
  const id = await placePixOrder(page);
  await visit(page, `/detalhes_pedido/${id}`);
  // The items' card: the box around their heading.
  const items = page.getByRole('heading', { name: 'Itens', exact: true }).locator('..');
  await items.getByRole('link').first().waitFor();

  // No part of the items is wider than its box (a table in a sideways scroller was 420 px in 390).
  const overflowing = await items.evaluate((section) =>
    [section, ...section.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map(
        (element) =>
          `${element.tagName}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
  expect(overflowing).toEqual([]);
  const section = (await items.boundingBox())!;
  for (const label of ['Qtde', 'Preço', 'Total']) {
    const shown = (await items.locator(`text=${label} >> visible=true`).first().boundingBox())!;
    expect(shown.x + shown.width, label).toBeLessThanOrEqual(section.x + section.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  assertNoErrors();
  await context.close();
});
