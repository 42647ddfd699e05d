import { createContext, useContext } from 'react';

/**
 * The consultation the patient's chat page is about (decision 0032: several chats may be open at
 * once). The page provides its token; every chat call made under it (health form, images, exit,
 * the extra hour) names that consultation with `?consulta=`, and the server checks it is the
 * patient's own. Without a provider (/pagos) calls name none: the server takes the newest chat.
 */
export const ChatTargetContext = createContext<string | undefined>(undefined);

export const useChatTarget = () => useContext(ChatTargetContext);

/** `url` naming the consultation `token`, when there is one. */
export const forConsultation = (url: string, token: string | undefined) =>
  token === undefined ? url : `${url}?consulta=${encodeURIComponent(token)}`;
