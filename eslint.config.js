// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Each package's folders import one way (each package's README, "Layout"): `[root, [top, …, bottom]]`, a layer a folder name or an array of
 * folders on one level (they may import each other). A folder imports only itself and the layers below it, types
 * included; the package's root files (its entry points) sit above every folder. Tests are not layered.
 */
const layers = [
  ['packages/core/src', [['checkout', 'service-token', 'threeds'], ['catalog', 'payment-state', 'webhooks'], 'resources', 'plumbing', ['card', 'money', 'payment-status'], 'errors']],
  ['packages/server/src', [['checkout', 'webhooks'], 'client', 'resources', 'transport', 'core', ['errors', 'plumbing']]],
  ['packages/tokenizer/src', [['react', 'store', 'testing'], 'client', ['confirm', 'fields', 'wallets'], 'threeds', 'vault', ['errors', 'platform']]],
  ['packages/sandbox/src', ['cli', 'control', 'http', ['service', 'emulations'], 'state', ['errors', 'wire', 'browser']]],
];

/**
 * A rule `no-restricted-imports` leaves out: a dynamic `import('…')` whose literal path (a string, or a template
 * without expressions) matches `regex` is refused
 * with `message`.
 * @type {import('eslint').ESLint.Plugin}
 */
const layersPlugin = {
  rules: {
    'dynamic-import': {
      meta: { type: 'problem', schema: [{ type: 'object', properties: { regex: { type: 'string' }, message: { type: 'string' } } }] },
      create(context) {
        const { regex, message } = /** @type {{ regex: string, message: string }} */ (context.options[0]);
        const refused = new RegExp(regex);
        return {
          ImportExpression(node) {
            const { source } = node;
            // A string, or a template without expressions (`import(\`../x.js\`)`).
            const path = source.type === 'Literal' ? source.value : source.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0]?.value.cooked : undefined;
            if (typeof path === 'string' && refused.test(path)) context.report({ node, message });
          },
        };
      },
    },
  },
};

/**
 * The lint blocks that hold {@link layers}: per folder, the folders above it refused, whether imported statically or
 * with `import()`, and so is the package's own name (`@tessera/tokenizer/fields`), which reaches the entry points
 * above every folder; only the top layer (the entries' own folders: react, store, testing, …) may name it.
 */
function layerBlocks() {
  return layers.flatMap(([root, order]) => {
    const levels = order.map((level) => (Array.isArray(level) ? level : [level]));
    const ownName = `@tessera/${root.split('/')[1]}`;
    return levels.flatMap((level, index) => {
      const above = levels.slice(0, index).flat();
      if (above.length === 0) return [];
      return level.map((folder) => {
        const message = `${root}/${folder} sits below ${above.join(', ')} and the package's entry points: it may import only itself and the folders below it (${levels.slice(index + 1).flat().join(', ') || 'none'}). Move what both need down, or pass it in.`;
        // `../x/…` (any depth, `./../` too) into a folder above, `../file(.js)` into a root file, or the package's own name.
        const regex = `^(?:\\./)?(?:\\.\\./)+(?:${above.join('|')})(?:/|$)|^(?:\\./)?(?:\\.\\./)+[^./][^/]*$|^${ownName}(?:/|$)`;
        return {
          files: [`${root}/${folder}/**/*.ts`, `${root}/${folder}/**/*.tsx`],
          ignores: ['**/*.test.ts', '**/*.test.tsx'],
          plugins: { layers: layersPlugin },
          rules: {
            'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
            'layers/dynamic-import': ['error', { regex, message }],
          },
        };
      });
    });
  });
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.config.*', 'vitest.shared.ts', '**/coverage/**', 'bench/**', 'scripts/**', '**/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Code that runs in the page, served as its own source (`fn.toString()`): exported functions (a script's main
    // and the named parts served beside it, `servedScript`), each reaching nothing of its module but its parameters
    // and the parts, which a file names with `declare const part: typeof module.part`; it may import types only.
    files: ['packages/sandbox/src/browser/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[importKind!='type']", message: 'Browser code is served as its source: import types only (import type { … }).' },
        { selector: 'Program > :not(ExportNamedDeclaration, ImportDeclaration, TSTypeAliasDeclaration, TSInterfaceDeclaration, VariableDeclaration[declare=true])', message: 'Browser code is served as its source: keep everything inside the exported functions.' },
        { selector: 'Program > ExportNamedDeclaration > :not(FunctionDeclaration, TSTypeAliasDeclaration, TSInterfaceDeclaration)', message: 'Browser code is served as its source: a value outside the functions is not there in the page. Keep it inside, or pass it in.' },
        { selector: 'Program > VariableDeclaration[declare=true] > VariableDeclarator > Identifier > TSTypeAnnotation > :not(TSTypeQuery)', message: 'Browser code is served as its source: declare only a part served beside it, as `declare const part: typeof module.part`.' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  ...layerBlocks(),
);
