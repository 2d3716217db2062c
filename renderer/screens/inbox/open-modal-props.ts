import type { InboxFolder } from '../../../engine/metadata/inbox-schema.js';
import type { ComposeDraft } from '../messages/reply-draft.js';
import type { InboxItem, ItemAction } from './inbox-api.js';

/** What the inbox screen gives the open modal of its source (messages or notifications). */
export interface OpenModalProps {
  item: InboxItem;
  folder: InboxFolder;
  onClose: () => void;
  /** an action on the open item (Mark Unread closes the modal) */
  onAction: (action: ItemAction) => void;
  /** opens the compose modal with a reply */
  onReply: (draft: ComposeDraft) => void;
}

/** What the inbox screen gives the compose modal. */
export interface ComposeModalProps {
  draft: ComposeDraft;
  onClose: () => void;
  onSent: () => void;
}
