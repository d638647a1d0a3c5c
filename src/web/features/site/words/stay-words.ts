/** The words of what a group's stay needs: arrival, agreement, bedrooms. */
import type { KindWords } from './types.js';

export const arrivalWords: KindWords = {
  arrivalTime: {
    label: 'Arrival time',
    description: 'As it reads after "Arrival:", e.g. from 3 pm on your first day.',
  },
  departureTime: {
    label: 'Departure time',
    description: 'As it reads after "Departure:", e.g. by 11 am on your last day.',
  },
  keys: {
    label: 'Keys and getting in',
    description: 'Who meets the group, where the keys are, and what to do when arriving late.',
    long: true,
  },
  parking: { label: 'Parking', description: 'Where to park. May be left empty.', long: true },
  whatToBring: {
    label: 'What to bring',
    description: 'What the house does not provide, one item per entry; the mail shows a list.',
  },
  'whatToBring.*': { label: 'Item' },
  contact: {
    label: 'Whom to call on the day',
    description: 'A name and a phone number. May be left empty.',
  },
  notes: {
    label: 'Other notes',
    description: 'House rules, what to do before leaving. May be left empty.',
    long: true,
  },
};

export const agreementWords: KindWords = {
  version: {
    label: 'Version name',
    description:
      'A short name of this text, e.g. 2026-1. Give a new one whenever the text changes: groups that signed keep the version they signed.',
  },
  title: { label: 'Title' },
  paragraphs: {
    label: 'Text of the agreement',
    description: 'One entry per paragraph, plain text.',
  },
  'paragraphs.*': { label: 'Paragraph', long: true },
};

export const roomsWords: KindWords = {
  '': {
    label: 'Bedrooms',
    description: "The rooms a group's leader places guests in on the rooming board.",
  },
  '*': { label: 'Bedroom' },
  '*.id': {
    label: 'Room id',
    description:
      'A short name no other room has, e.g. cedar. Keep it once stays use it: the names placed in a room are kept by it.',
  },
  '*.name': { label: 'Room name', description: 'As guests see it, e.g. Cedar Room.' },
  '*.beds': { label: 'Beds', description: 'How many people sleep there.' },
};
