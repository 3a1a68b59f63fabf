/**
 * Preferences (features/preferences): the light or dark theme, remembered on this device.
 */
import { Button } from '../../components/ui/button';
import { useTheme } from './theme-store';

export function ThemeToggle() {
  const theme = useTheme((state) => state.theme);
  const toggle = useTheme((state) => state.toggle);
  const next = theme === 'dark' ? 'light' : 'dark';
  const shown = theme === 'dark' ? 'Dark' : 'Light';
  // the name starts with the word shown, so "click Light" (speech input) finds the button
  const name = `${shown} (switch to ${next} theme)`;
  return (
    <Button variant="ghost" size="sm" onClick={toggle} aria-label={name} title={name}>
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
      <span className="hidden sm:inline">{shown}</span>
    </Button>
  );
}
