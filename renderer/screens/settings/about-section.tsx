/**
 * Renderer component (Settings): About — the app's name, version, shell, platform and runtime.
 */
import { useId } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT } from '../../i18n/index.js';
import { useAppInfo } from './use-app-info.js';

/** Node's name of the operating system (`linux`, `darwin`, `win32`) as its maker writes it; another as it is. */
export function platformName(platform: string): string {
  const names: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows', freebsd: 'FreeBSD', openbsd: 'OpenBSD' };
  return names[platform] ?? platform;
}

export function AboutSection() {
  const uid = useId();
  const t = useT();
  const info = useAppInfo();
  const d = info.data;
  return (
    <section className="card stack" aria-labelledby={`${uid}-about`}>
      <h2 id={`${uid}-about`}>{t('settings.about.title')}</h2>
      {d && (
        <p>
          {t('settings.about.line', {
            name: d.name,
            version: d.version,
            shell: d.shell,
            platform: platformName(d.platform),
            runtime: d.runtimeVersion,
          })}
        </p>
      )}
      {info.isError && <ErrorAlert error={info.error} />}
    </section>
  );
}
