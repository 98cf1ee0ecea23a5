/**
 * Renderer component (Settings): preferences — theme, interface language, translate-as-you-type and its pause,
 * requests at once in multi-segment mode. Saved in main (`settings.update`).
 */
import { useId } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SegmentedRadio } from '../../components/SegmentedRadio.js';
import { useT } from '../../i18n/index.js';
import { useSettings } from '../../lib/queries.js';
import { useUiStore, type ThemePreference } from '../../state/ui-store.js';
import { NumberSetting } from './number-setting.js';
import { UiLanguagePicker } from './ui-language-picker.js';
import { useUpdateSettings } from './use-update-settings.js';

export function PreferencesSection() {
  const uid = useId();
  const t = useT();
  const settings = useSettings();
  const update = useUpdateSettings();
  const setTheme = useUiStore((s) => s.setTheme);
  const theme = useUiStore((s) => s.theme);
  const s = settings.data;
  const chooseTheme = (next: ThemePreference) => {
    setTheme(next);
    update.mutate({ theme: next });
  };
  return (
    <section className="card stack" aria-labelledby={`${uid}-prefs`}>
      <h2 id={`${uid}-prefs`}>{t('settings.preferences.title')}</h2>
      <div className="field">
        <span className="field-label" id={`${uid}-theme`}>
          {t('settings.theme.label')}
        </span>
        <SegmentedRadio
          labelledBy={`${uid}-theme`}
          value={theme}
          onChange={chooseTheme}
          options={[
            { value: 'system', label: t('settings.theme.system') },
            { value: 'light', label: t('settings.theme.light') },
            { value: 'dark', label: t('settings.theme.dark') },
          ]}
        />
      </div>
      {s && (
        <>
          <UiLanguagePicker value={s.uiLanguage} />
          <label className="check">
            <input
              type="checkbox"
              checked={s.translateAsYouType}
              onChange={(e) => update.mutate({ translateAsYouType: e.target.checked })}
            />
            {t('settings.asYouType')}
          </label>
          <NumberSetting
            label={t('settings.debounce.label')}
            value={s.debounceMs}
            min={100}
            max={5000}
            disabled={!s.translateAsYouType}
            onCommit={(v) => update.mutate({ debounceMs: v })}
          />
          <NumberSetting
            label={t('settings.concurrency.label')}
            value={s.batchConcurrency}
            min={1}
            max={8}
            onCommit={(v) => update.mutate({ batchConcurrency: v })}
          />
        </>
      )}
      {settings.isError && <ErrorAlert error={settings.error} />}
      {update.isError && <ErrorAlert error={update.error} />}
    </section>
  );
}
