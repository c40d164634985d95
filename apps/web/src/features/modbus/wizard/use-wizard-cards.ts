import { useState } from 'react';
import {
  duplicateCard,
  newCard,
  newValue,
  parseWizard,
  type WizardCard,
  type WizardValue,
} from './wizard-form';

interface State {
  cards: WizardCard[];
  /** Changed since loaded or saved. */
  dirty: boolean;
  /** Paths of the fields left once (their errors show). */
  touched: ReadonlySet<string>;
  /** After a refused save every error shows (document 3 §4). */
  allTouched: boolean;
}

const loaded = (cards: WizardCard[], dirty = false): State => ({
  cards,
  dirty,
  touched: new Set(),
  allTouched: false,
});

/** The cards of the selected gateway as edited, and which errors to show. */
export function useWizardCards() {
  const [state, setState] = useState<State>(() => loaded([]));
  const change = (cards: WizardCard[]) => setState((s) => ({ ...s, cards, dirty: true }));
  const mapCard = (key: string, f: (card: WizardCard) => WizardCard) =>
    change(state.cards.map((c) => (c.key === key ? f(c) : c)));
  const parsed = parseWizard(state.cards);

  return {
    cards: state.cards,
    dirty: state.dirty,
    parsed,
    /** Whether the field at this path shows its error. */
    shows: (path: string) =>
      (state.allTouched || state.touched.has(path)) && !!parsed.errors?.has(path),
    load: (cards: WizardCard[], dirty = false) => setState(loaded(cards, dirty)),
    touch: (path: string) =>
      setState((s) => (s.touched.has(path) ? s : { ...s, touched: new Set([...s.touched, path]) })),
    touchAll: () => setState((s) => ({ ...s, allTouched: true })),
    updateCard: (key: string, update: Partial<WizardCard>) =>
      mapCard(key, (c) => ({ ...c, ...update })),
    updateValue: (cardKey: string, value: WizardValue) =>
      mapCard(cardKey, (c) => ({
        ...c,
        values: c.values.map((v) => (v.key === value.key ? value : v)),
      })),
    addCard: () => change([...state.cards, newCard()]),
    duplicate: (card: WizardCard) => {
      const at = state.cards.indexOf(card) + 1;
      change([...state.cards.slice(0, at), duplicateCard(card), ...state.cards.slice(at)]);
    },
    removeCard: (key: string) => change(state.cards.filter((c) => c.key !== key)),
    addValue: (cardKey: string) =>
      mapCard(cardKey, (c) => ({ ...c, values: [...c.values, newValue()] })),
    removeValue: (cardKey: string, valueKey: string) =>
      mapCard(cardKey, (c) => ({ ...c, values: c.values.filter((v) => v.key !== valueKey) })),
  };
}

export type WizardCards = ReturnType<typeof useWizardCards>;
