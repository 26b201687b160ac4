/** Enterprise certification: its screens, and the form and details the personal centre shows. */
export { useCertInfo } from './api';
export { CertDetails } from './components/CertDetails';
export { CertForm } from './components/CertForm';
export { certificationRoutes } from './routes';
