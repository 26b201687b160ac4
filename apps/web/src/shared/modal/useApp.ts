import AppContext from 'antd/es/app/context';
import { useContext } from 'react';

/**
 * antd's `App.useApp()`: message, notification and modal of the shell (AppLayout). Read from the
 * context directly: antd's `App` export brings its component, which renders a modal holder of its
 * own and so loads antd's Modal with every screen that asks for the context.
 */
export const useApp = () => useContext(AppContext);
