/**
 * Event bus (main process, plain Node): services publish main→renderer events by name from the contract's
 * `events` table; the Electron window layer and the web harness subscribe and forward them to renderers.
 */
import type { EventName, EventPayload } from '../../../shared/ipc/contract.js';

export type EventSink = (name: EventName, payload: unknown) => void;

export class EventBus {
  private readonly sinks = new Set<EventSink>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const sink of this.sinks) {
      try {
        sink(name, payload);
      } catch {
        // One broken window must not stop events reaching the others.
      }
    }
  }

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
