/**
 * Renderer screen: Settings. One section per concern, each in its own file under `settings/` (a domain that owns
 * settings — Translate defaults, for instance — adds its section file there and one line below). Settings live in
 * main (`settings.update`); keys are write-only from here.
 */
import { useT } from '../i18n/index.js';
import { AboutSection } from './settings/about-section.js';
import { AdminKeySection } from './settings/admin-key-section.js';
import { ConnectionsSection } from './settings/connections-section.js';
import { LocalEngineSection } from './settings/local-engine-section.js';
import { PreferencesSection } from './settings/preferences-section.js';
import { TranslateSection } from './settings/translate-section.js';
import { DesktopSettings } from './settings/DesktopSettings.js';
import { DocumentsSettings } from './settings/DocumentsSettings.js';
import { NetworkSettings } from './settings/NetworkSettings.js';

export default function SettingsScreen() {
  const t = useT();
  return (
    <div className="screen settings-screen">
      <h1>{t('settings.title')}</h1>
      <PreferencesSection />
      <TranslateSection />
      <DocumentsSettings />
      <ConnectionsSection />
      <AdminKeySection />
      <LocalEngineSection />
      <DesktopSettings />
      <NetworkSettings />
      <AboutSection />
    </div>
  );
}
