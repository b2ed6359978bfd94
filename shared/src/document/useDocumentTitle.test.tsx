import { render } from '@testing-library/react';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

function Screen({ parts }: { parts: Array<string | null | undefined> }) {
  useDocumentTitle(parts);
  return null;
}

describe('useDocumentTitle', () => {
  it('names the tab most specific part first, ending with the product', () => {
    expect(documentTitle(['api-ams-16', 'Devices'])).toBe('api-ams-16 · Devices · Security Console');
    expect(documentTitle([undefined, ' ', 'Alerts'])).toBe('Alerts · Security Console');
    expect(documentTitle([])).toBe('Security Console');
  });

  it('follows the screen and gives the title back when it goes', () => {
    document.title = 'Security Console';
    const { rerender, unmount } = render(<Screen parts={[undefined, 'Devices']} />);
    expect(document.title).toBe('Devices · Security Console');
    rerender(<Screen parts={['api-ams-16', 'Devices']} />);
    expect(document.title).toBe('api-ams-16 · Devices · Security Console');
    unmount();
    expect(document.title).toBe('Security Console');
  });
});
