// eslint-scope ships no types; its scope manager is the one ESLint's own types describe.
declare module 'eslint-scope' {
  export function analyze(ast: object, options?: object): import('eslint').Scope.ScopeManager;
}
