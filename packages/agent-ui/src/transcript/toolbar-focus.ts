/**
 * Where the toolbar puts the focus when it renders next — its first action, or the Edit button —
 * asked for by the message before the toolbar (possibly still loading) is there.
 */
export class ToolbarFocus {
  private wanted: 'first' | 'edit' | null = null;
  request(target: 'first' | 'edit'): void {
    this.wanted = target;
  }
  take(): 'first' | 'edit' | null {
    const wanted = this.wanted;
    this.wanted = null;
    return wanted;
  }
}
