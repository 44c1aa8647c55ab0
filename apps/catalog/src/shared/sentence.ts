/** Ends a message such as 'Error getting courses' with a full stop, so another sentence can follow. */
export const asSentence = (message: string): string => (/[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);
