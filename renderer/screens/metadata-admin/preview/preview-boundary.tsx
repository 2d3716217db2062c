import { Component, type ReactNode } from 'react';

/** A preview whose screen fails shows the failure in its frame instead of taking the page down. */
export class PreviewBoundary extends Component<{ message: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
        <div className="usa-alert__body"><p className="usa-alert__text">{this.props.message} {this.state.error.message}</p></div>
      </div>
    );
  }
}
