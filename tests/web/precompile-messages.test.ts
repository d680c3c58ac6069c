// The build compiles each message's English text (src/i18n/precompile-messages.ts), since the
// browser has no message compiler: the compiled texts must read as Lingui's compiler reads them.
import { transformSync } from '@babel/core';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import precompileMessages from '../../src/i18n/precompile-messages';

const source = `
import { t, msg, plural } from '@lingui/core/macro';
export const greeting = msg\`Hello \${name}, it’s '{braces}'\`;
export const plain = msg\`Sign in\`;
export const count = (n) => plural(n, { one: '# invoice', other: '# invoices' });
export const notLingui = { id: 'x', message: 'Hello {name}' };
`;

function build(withPlugin: boolean): string {
  return transformSync(source, {
    babelrc: false,
    configFile: false,
    filename: 'sample.ts',
    plugins: [
      ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }],
      ...(withPlugin ? [precompileMessages] : []),
    ],
  })!.code!;
}

describe('English messages compiled at build time', () => {
  it('writes compiled texts in place of the English source texts', () => {
    const before = build(false);
    const after = build(true);
    expect(before).toContain('message: "Hello {name}');
    expect(after).not.toContain('message: "Hello {name}');
    expect(after).toContain('message: ["Hello ", ["name"]');
    // A text with nothing to compile stays a plain string.
    expect(after).toContain('message: "Sign in"');
    // An object the macro did not write keeps its text.
    expect(after).toContain("message: 'Hello {name}'");
  });

  it('shows what Lingui showed compiling the English texts in the browser', () => {
    const run = (code: string) =>
      new Function(
        'name',
        'n',
        code
          .replace(/^import .*$/gm, '')
          .replace(/export const/g, 'const')
          .replace(/_i18n\._\(/g, '(') + '\nreturn [greeting, plain, count(n)];',
      )('Ann', 2) as object[];
    const show = (descriptors: object[], compiler: (message: string) => never) => {
      i18n.setMessagesCompiler(compiler);
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      return descriptors.map((descriptor) => i18n._(descriptor as never));
    };
    const asBuilt = show(run(build(true)), (message) => [message] as never);
    expect(asBuilt).toEqual(show(run(build(false)), (message) => compileMessage(message) as never));
    expect(asBuilt).toEqual(['Hello Ann, it’s {braces}', 'Sign in', '2 invoices']);
  });
});
