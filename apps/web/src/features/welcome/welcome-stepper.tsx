import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

/** Two-step progress of the password flows. */
export function WelcomeStepper({ active, labels }: { active: number; labels: string[] }) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
      {labels.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
