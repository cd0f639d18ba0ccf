// @vitest-environment jsdom

import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../testing/render-as-operator.tsx';
import { RequireSession } from './guards.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShellAt(path: string, passwordChangeRequired: boolean) {
  return renderAsOperator(
    <Routes>
      <Route element={<RequireSession />}>
        <Route path="/users" element={<p>users page</p>} />
        <Route path="/password" element={<p>password page</p>} />
      </Route>
    </Routes>,
    { role: 'owner', passwordChangeRequired, at: path },
  );
}

describe('the session guard', () => {
  it('keeps the owner on the generated password on its change, with no menu', async () => {
    renderShellAt('/users', true);
    expect(await screen.findByText('password page')).toBeTruthy();
    expect(screen.queryByText('users page')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    // Logging out stays possible.
    expect(screen.getByRole('button', { name: /log out/i })).toBeTruthy();
  });

  it('lets an operator with a password of their own through, with the menu', async () => {
    renderShellAt('/users', false);
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
  });
});
