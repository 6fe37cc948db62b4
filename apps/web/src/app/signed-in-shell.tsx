import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import AppLayout from '../components/layout/app-layout.tsx';
import { registerFeedback } from '../lib/feedback.ts';

/** Hands antd's context-aware message and modal to code outside components (lib/feedback.ts). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    registerFeedback({ message, modal });
    return () => registerFeedback(null);
  }, [message, modal]);
  return null;
}

/**
 * The signed-in frame: antd's App (message, modal) around the layout. It is loaded only after
 * sign-in, so the login page does not carry the dialog and notification code.
 */
export default function SignedInShell() {
  return (
    <AntApp component={false}>
      <FeedbackBridge />
      <AppLayout />
    </AntApp>
  );
}
