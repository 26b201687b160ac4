import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../locales/zh-CN';

/** A /menu address no screen answers. */
export const NotFound = () => {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t.app.notFound}
      extra={
        <Button type="primary" onClick={() => navigate('/menu/home')}>
          {t.app.backHome}
        </Button>
      }
    />
  );
};
