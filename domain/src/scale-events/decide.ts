import { parseScaleCsv, type ScaleCsvError } from '../scale/parseCsv';
import type { ScaleMetadata } from '../scale/scale';
import { SHIPPED_SCALE_METADATA } from '../scale/shipped';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { scaleImportedData, type ScaleEvent } from './events';
import { SCALE_EXISTS_MESSAGE, SELECT_VALID_SCALE, type ScaleImportRequest } from './schema';

export type ScaleImportedEvent = Extract<ScaleEvent, { type: 'ScaleImported' }>;
export type VesselScaleAssignedEvent = Extract<ScaleEvent, { type: 'VesselScaleAssigned' }>;

/* ---------------------------------------------------------------------------------------------
 * A scale's own stream, scale-{scaleId}: imported once, never changed afterwards (a revised table
 * is a new scale with its own id), so every vessel on it and every "as of" view keep their figures.
 * ------------------------------------------------------------------------------------------- */

export type ScaleStreamState = { status: 'none' } | { status: 'imported'; scale: ScaleMetadata; itemCount: number };
export const initialScaleStreamState = (): ScaleStreamState => ({ status: 'none' });

export function evolveScaleStream(_state: ScaleStreamState, event: ScaleImportedEvent): ScaleStreamState {
  const { scaleId, name, source, effectiveDate, itemCount } = event.data;
  return { status: 'imported', scale: { id: scaleId, name, source, effectiveDate }, itemCount };
}

export type ScaleStreamCommand = {
  type: 'ImportScale';
  /** The request as scaleImportRequestSchema leaves it (the id already derived or checked). */
  request: Pick<ScaleImportRequest, 'scaleId' | 'name' | 'source' | 'effectiveDate' | 'csv'>;
  /** sha256 of the uploaded text, lower-case hex (hashing is I/O-free but not the domain's job). */
  csvSha256: string;
};

/** The message of a refused file: how many problems, and that nothing was recorded. */
export function scaleFileRejectedMessage(errors: readonly ScaleCsvError[]): string {
  const count = errors.length;
  return `The scale file has ${count} ${count === 1 ? 'problem' : 'problems'}; nothing was imported`;
}

/**
 * Import a scale once under its id. The shipped scale's id is taken by the product itself. The
 * file must parse without a single error: a scale missing a row would quietly stop requiring that
 * item on every vessel assigned to it, so a file with errors is refused whole, every problem listed
 * (line, item id, column) for the admin to correct.
 */
export function decideScaleStream(command: ScaleStreamCommand, state: ScaleStreamState): ScaleImportedEvent[] {
  const { scaleId, name, source, effectiveDate, csv } = command.request;
  if (state.status !== 'none' || scaleId === SHIPPED_SCALE_METADATA.id) {
    throw new DomainError('conflict', SCALE_EXISTS_MESSAGE, { scaleId: SCALE_EXISTS_MESSAGE });
  }
  const { scale, errors } = parseScaleCsv(csv, { id: scaleId, name, source, effectiveDate });
  if (errors.length > 0) {
    const message = scaleFileRejectedMessage(errors);
    throw new DomainError('validation', message, { csv: message }, errors);
  }
  return [{ type: 'ScaleImported', data: scaleImportedData(scale, command.csvSha256) }];
}

/* ---------------------------------------------------------------------------------------------
 * A vessel's scale assignments, vesselScale-{vesselId}: the last one is the scale in force.
 * ------------------------------------------------------------------------------------------- */

/** undefined: never assigned, so the vessel follows the shipped scale. */
export type VesselScaleState = { scaleId: string | undefined };
export const initialVesselScaleState = (): VesselScaleState => ({ scaleId: undefined });

export function evolveVesselScale(_state: VesselScaleState, event: VesselScaleAssignedEvent): VesselScaleState {
  return { scaleId: event.data.scaleId };
}

/** The id of the scale a vessel's requirements follow. */
export const scaleInForce = (state: VesselScaleState): string => state.scaleId ?? SHIPPED_SCALE_METADATA.id;

export type VesselScaleCommand = {
  type: 'AssignVesselScale';
  vesselId: string;
  /**
   * The scale asked for, as the handler found it: the shipped scale or one imported; undefined
   * when no scale has the id the request named.
   */
  scale: ScaleMetadata | undefined;
};

/** Assign a scale to a vessel; assigning the one already in force records nothing. */
export function decideVesselScale(command: VesselScaleCommand, state: VesselScaleState): VesselScaleAssignedEvent[] {
  if (!command.scale) throw new DomainError('validation', SELECT_VALID_SCALE, { scaleId: SELECT_VALID_SCALE });
  if (command.scale.id === scaleInForce(state)) return [];
  return [{ type: 'VesselScaleAssigned', data: { vesselId: command.vesselId, scaleId: command.scale.id, scaleName: command.scale.name } }];
}

export const isScaleImportedEvent = (event: { type: string }): event is ScaleImportedEvent => event.type === 'ScaleImported';
export const isVesselScaleAssignedEvent = (event: { type: string }): event is VesselScaleAssignedEvent => event.type === 'VesselScaleAssigned';

export const scaleDecider: Decider<ScaleStreamCommand, ScaleStreamState, ScaleImportedEvent> = {
  decide: decideScaleStream,
  evolve: evolveScaleStream,
  initialState: initialScaleStreamState,
};

export const vesselScaleDecider: Decider<VesselScaleCommand, VesselScaleState, VesselScaleAssignedEvent> = {
  decide: decideVesselScale,
  evolve: evolveVesselScale,
  initialState: initialVesselScaleState,
};
