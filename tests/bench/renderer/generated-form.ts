import type { MetadataFile } from '../../../engine/metadata/registry.js';

/** An entity, form (200 elements of every common kind, with rules), grid and route for the renderer bench. */
export const BENCH_ENTITY = 900;
export const BENCH_ELEMENTS = 200;

const KINDS = ['text', 'dropdown', 'date', 'radio', 'checkbox', 'textarea', 'phone', 'float'] as const;

export function generatedMetadata(): MetadataFile[] {
  const fields = [{ id: 'userId', type: 'integer', system: true }];
  const elements: Record<string, unknown>[] = [];
  for (let i = 1; i <= BENCH_ELEMENTS; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const id = 90_000 + i;
    const field = `f${i}`;
    fields.push({ id: field, type: kind === 'checkbox' ? 'list' : kind === 'date' ? 'date' : kind === 'textarea' ? 'text' : 'string', system: false } as never);
    const choices = ['dropdown', 'radio', 'checkbox'].includes(kind) ? [1, 2, 3, 4].map((c) => ({ id: c, text: `Choice ${c}`, sequence: c })) : undefined;
    const element: Record<string, unknown> = {
      id, field, stimulus: `Question ${i}`, width: 6,
      type: kind === 'date' || kind === 'float' ? 'text' : kind,
      ...(kind === 'date' ? { subtype: 'date' } : kind === 'float' ? { subtype: 'float' } : {}),
      ...(choices ? { choices } : {}),
      ...(i % 10 === 0 ? { required: true } : {}),
    };
    if (i > 1 && i % 5 === 0) element.rules = [{ action: 'require', when: { '!': { isEmpty: { var: `values.${id - 1}` } } } }];
    if (i % 25 === 0) element.rules = [{ action: 'hide', when: { '==': [{ var: `values.${90_001}` }, 'hide'] } }];
    elements.push(element);
  }
  const owner = { '==': [{ var: 'row.userId' }, { var: 'user.id' }] };
  return [
    { path: 'bench/entities/bench.json', kind: 'entity', layer: 'base', data: { id: BENCH_ENTITY, name: 'Bench', displayName: 'Bench Record', storage: { kind: 'records' }, ownerField: 'userId', fields, access: { read: owner, create: owner, update: owner, disable: owner } } },
    { path: 'bench/forms/bench.json', kind: 'form', layer: 'base', data: { id: BENCH_ENTITY, entityTypeId: BENCH_ENTITY, name: 'Bench', elements } },
    { path: 'bench/grids/bench.json', kind: 'grid', layer: 'base', data: { id: 'bench', entityTypeId: BENCH_ENTITY, formId: BENCH_ENTITY, owner: 'primaryEntity', pageSize: 25, columns: [1, 2, 3, 4, 5].map((n) => ({ columnName: `Question ${n}`, propertyName: `f${n}`, sortable: true })) } },
  ];
}
