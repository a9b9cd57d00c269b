import { operationList } from '../../spec/operations.ts'
import { operationPaths, specBasePaths } from '../core/base-paths.ts'
import { faults } from '../core/controls/preferences.ts'
import type { MockRuleInput } from '../core/controls/rule-set.ts'
import { el } from './panel-dom.ts'

/** The number fields of a rule, by the name `rules.add` takes, with their label and input attributes. */
const numberFields: ReadonlyArray<{ name: keyof MockRuleInput; label: string; attributes: Record<string, string> }> = [
  { name: 'status', label: 'Status', attributes: { min: '200', max: '599', placeholder: '503' } },
  { name: 'delayMs', label: 'Delay (ms)', attributes: { min: '0', max: '60000', placeholder: '900' } },
  { name: 'times', label: 'Times', attributes: { min: '1', placeholder: 'every time' } },
  { name: 'probability', label: 'Probability', attributes: { min: '0', max: '1', step: 'any', placeholder: '1' } },
]

/**
 * The dev panel's form that adds a rule: an operation of the spec (from the catalogue, so a new one appears by
 * itself), a status, a delay, a fault, how many times, and the chance it applies. It hands `onAdd` what the user
 * filled in; `rules.add` judges it, so its refusals read as everywhere else.
 * @example panel.append(ruleForm((rule) => mock.rules.add(rule)))
 */
export function ruleForm(onAdd: (rule: MockRuleInput) => void): HTMLFormElement {
  const operation = el('select', { attributes: { id: 'operation', name: 'operation' } })
  for (const spec of operationList) {
    const value = `${spec.method} ${operationPaths(spec, specBasePaths)[0]}`
    operation.append(new Option(`${spec.operationId}: ${value}`, value))
  }
  const fault = el('select', { attributes: { id: 'fault', name: 'fault' } }, [new Option('none', '')])
  for (const name of faults) fault.append(new Option(name, name))
  const form = el('form', { attributes: { 'aria-label': 'add a rule' } }, [
    field('operation', 'Operation', operation),
    ...numberFields.slice(0, 2).map(({ name, label, attributes }) => field(name, label, numberInput(name, attributes))),
    field('fault', 'Fault', fault),
    ...numberFields.slice(2).map(({ name, label, attributes }) => field(name, label, numberInput(name, attributes))),
    el('button', { text: 'Add rule', attributes: { type: 'submit' } }),
  ])
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const data = new FormData(form)
    const [method = '', path = ''] = String(data.get('operation')).split(' ')
    const rule: MockRuleInput = { method, path }
    for (const { name } of numberFields) {
      const value = String(data.get(name) ?? '').trim()
      if (value !== '') Object.assign(rule, { [name]: Number(value) })
    }
    const chosenFault = String(data.get('fault') ?? '')
    if (chosenFault !== '') rule.fault = chosenFault as MockRuleInput['fault']
    onAdd(rule)
  })
  return form
}

function numberInput(name: string, attributes: Record<string, string>): HTMLInputElement {
  return el('input', { attributes: { id: name, name, type: 'number', ...attributes } })
}

/** A field: its label names the control alone (a wrapping label would take in a select's options too). */
function field(id: string, label: string, control: HTMLElement): HTMLElement {
  return el('span', { className: 'field' }, [el('label', { text: label, attributes: { for: id } }), control])
}
