import { expect } from 'vitest';

import { allowErrors, failedResource, openPage, test, visit } from './browser';

test('shows the not-found screen with a link home for an unknown path', async ({ browser }) => {
  const { page, context } = await openPage(browser);
  // The page itself answers 404, and Chromium logs that as a console error.
  allowErrors(page, failedResource(404));
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await visit(page, '/caminho/que/nao/existe');
  await page.getByRole('heading', { name: '404' }).waitFor();
  await page.getByText('Oops! Page not found').waitFor();
  expect(logged.some((line) => line.includes('/caminho/que/nao/existe'))).toBe(true);
  await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});
