// Babel plugin, run after Lingui's macro in the app's build (vite.config.ts): it replaces the
// English text the macro leaves beside each message id with the text compiled, as
// `lingui compile` compiles a catalog. English runs with no catalog, so without it the browser
// would need Lingui's message compiler (a parser of plurals and placeholders) to show the
// first page. Only the descriptors the macro wrote are touched: nodes it created have no
// source location, and their keys are Lingui's.
import type { NodePath, PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const DESCRIPTOR_KEYS = new Set(['id', 'message', 'values', 'components', 'comment', 'context']);

function keyName(property: BabelTypes.ObjectProperty): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'StringLiteral') return property.key.value;
  return undefined;
}

/** The English text compiled, as code; a text with no placeholder stays a string. */
function compiledNode(t: typeof BabelTypes, message: string): BabelTypes.Expression {
  const compiled = compileMessage(message);
  const plain = Array.isArray(compiled) && compiled.length === 1 ? compiled[0] : compiled;
  return t.valueToNode(typeof plain === 'string' ? plain : compiled) as BabelTypes.Expression;
}

export default function precompileMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  return {
    name: 'precompile-english-messages',
    visitor: {
      // t`…`, msg`…`, <Trans> (props spread): { id: "…", message: "…", values: {…} }
      ObjectExpression(path: NodePath<BabelTypes.ObjectExpression>) {
        const properties = path.node.properties;
        let id: BabelTypes.ObjectProperty | undefined;
        let message: BabelTypes.ObjectProperty | undefined;
        for (const property of properties) {
          if (property.type !== 'ObjectProperty') return;
          const name = keyName(property);
          if (name === undefined || !DESCRIPTOR_KEYS.has(name)) return;
          if (name === 'id') id = property;
          if (name === 'message') message = property;
        }
        if (!id || !message || id.value.type !== 'StringLiteral') return;
        if (message.value.type !== 'StringLiteral' || message.value.loc) return;
        message.value = compiledNode(t, message.value.value);
      },
    },
  };
}
