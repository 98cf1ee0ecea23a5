/**
 * Renderer: applies the theme preference to <html>. "system" removes the attribute so the CSS follows
 * prefers-color-scheme live (the OS can switch while Verso runs); light and dark pin it.
 */
import type { ThemePreference } from '../state/ui-store.js';

export function applyTheme(theme: ThemePreference, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}
