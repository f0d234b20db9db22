import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';

/** An AG-UI agent that plays the events it is given for a run, then completes the run. */
export class ScriptedAgent extends AbstractAgent {
  constructor(private readonly script: (input: RunAgentInput) => BaseEvent[]) {
    super();
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of this.script(input)) subscriber.next(event);
      subscriber.complete();
    });
  }
}
