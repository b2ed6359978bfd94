import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { currentLocation, lastNavigationType, renderWithAuth } from '../testing/renderWithAuth';
import { useUrlChoice, useUrlText } from './useUrlChoice';

const VIEWS = ['strategic', 'technical'] as const;

function Views() {
  const [view, setView] = useUrlChoice('tab', VIEWS, { clearOthers: true });
  const [kind, setKind] = useUrlChoice('kind', ['all', 'library', 'os'], { fallback: 'all', resetPages: ['parts', 'vulns'] });
  const [search, setSearch] = useUrlText('rules_search');
  const navigate = useNavigate();
  return (
    <>
      {VIEWS.map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
          {v}
        </button>
      ))}
      <select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
        <option value="all">All</option>
        <option value="library">library</option>
        <option value="os">os</option>
      </select>
      <input aria-label="Search rules" value={search} onChange={(e) => setSearch(e.target.value)} />
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);

describe('useUrlChoice', () => {
  it('shows the first value without a parameter, and the first value for one it does not offer', () => {
    renderWithAuth(<Views />, { path: '/?tab=admin&kind=%22%3E' });
    expect(pressed()).toEqual(['strategic']);
    expect(screen.getByLabelText('Kind')).toHaveValue('all');
  });

  it('a tab adds a history entry, drops the other tab’s parameters and leaves its default out', async () => {
    renderWithAuth(<Views />, { path: '/?tab=technical&parts_page=3' });
    expect(pressed()).toEqual(['technical']);
    await userEvent.click(screen.getByRole('button', { name: 'strategic' }));
    expect(lastNavigationType()).toBe('PUSH');
    expect(currentLocation().search).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(pressed()).toEqual(['technical']);
    expect(currentLocation().search).toBe('?tab=technical&parts_page=3');
  });

  it('a filter returns the tables below it to their first page', async () => {
    renderWithAuth(<Views />, { path: '/?tab=technical&parts_page=3&vulns_page=2&other_page=4' });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'library');
    expect(currentLocation().search).toBe('?tab=technical&other_page=4&kind=library');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'all');
    expect(currentLocation().search).toBe('?tab=technical&other_page=4');
  });
});

describe('useUrlText', () => {
  it('keeps the text in the URL, replacing the entry while typing, and cuts it at 200 characters', async () => {
    renderWithAuth(<Views />, { path: `/?rules_search=${'x'.repeat(300)}` });
    expect(screen.getByLabelText('Search rules')).toHaveValue('x'.repeat(200));
    await userEvent.clear(screen.getByLabelText('Search rules'));
    await userEvent.type(screen.getByLabelText('Search rules'), 'ssh <b>');
    expect(lastNavigationType()).toBe('REPLACE');
    expect(new URLSearchParams(currentLocation().search).get('rules_search')).toBe('ssh <b>');
  });
});
