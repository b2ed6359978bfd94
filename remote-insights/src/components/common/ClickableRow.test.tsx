import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClickableRow } from './ClickableRow';

function renderRow(onOpen: () => void) {
  render(
    <table>
      <tbody>
        <ClickableRow onOpen={onOpen}>
          <td>openssl 3.0.2</td>
        </ClickableRow>
      </tbody>
    </table>,
  );
  return screen.getByRole('row');
}

describe('ClickableRow', () => {
  it('opens on a click', async () => {
    const onOpen = jest.fn();
    await userEvent.click(renderRow(onOpen));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('is reached with Tab and opens on Enter or Space, without scrolling the page on Space', async () => {
    const onOpen = jest.fn();
    const row = renderRow(onOpen);
    await userEvent.tab();
    expect(row).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(fireEvent.keyDown(row, { key: ' ' })).toBe(false); // default prevented
    expect(onOpen).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('a');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
