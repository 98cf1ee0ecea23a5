// Runs while the app's modules download (a classic async script: it needs none of them). The first
// Intl.DisplayNames of a page reads ICU's language-name data, some 20 ms of the main thread; done here, the
// language pickers of the first screen get their names at once instead of paying it inside the first render.
try {
  new Intl.DisplayNames(['en'], { type: 'language' }).of('de');
} catch {
  // An engine without DisplayNames: the pickers fall back to the service's names.
}
