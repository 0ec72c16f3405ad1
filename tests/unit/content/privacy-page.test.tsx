import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { render } from '../test-utils/render';
import { PrivacyPage } from '../../../src/features/content/components/privacy-page';
import { DATA_PROTECTION_OFFICER, PERSONAL_DATA } from '../../../src/domain/personal-data';

describe('the privacy page', () => {
  it('lists every kind of personal data of the declared table, with its purpose, basis, retention and recipients', () => {
    render(<PrivacyPage />);
    const list = screen.getByRole('heading', { name: 'Quais dados guardamos' }).closest('section')!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(PERSONAL_DATA.length);
    for (const [index, kind] of PERSONAL_DATA.entries()) {
      const text = items[index].textContent ?? '';
      expect(text).toContain(kind.title);
      expect(text).toContain(kind.purpose);
      expect(text).toContain(kind.legalBasis);
      expect(text).toContain(kind.retention);
      for (const recipient of kind.recipients) expect(text).toContain(recipient);
    }
  });

  it('names the encarregado, the only cookie and the absence of marketing e-mail', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { name: 'Encarregado pela proteção de dados' })).toBeTruthy();
    expect(screen.getByText(new RegExp(DATA_PROTECTION_OFFICER.name)).textContent).toContain(
      DATA_PROTECTION_OFFICER.email,
    );
    expect(screen.getByText(/um único cookie: o de sessão/)).toBeTruthy();
    expect(screen.getByText(/Não enviamos e-mails de propaganda/)).toBeTruthy();
  });
});
